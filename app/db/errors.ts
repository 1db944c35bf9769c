import { Prisma } from "@prisma/client";

/** A unique constraint refused the write: the row exists already (a repeat, or a concurrent twin). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
