/** The driver as the shopper's page names them: first name only, the vehicle in plain words. */

/** The first word of a name: the page never shows anyone's last name. */
export function firstNameOf(name: string | null): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

export function vehicleInWords(vehicle: Record<string, string> | null): string | null {
  if (!vehicle) return null;
  const words = [vehicle.color, vehicle.make, vehicle.model].filter((w): w is string => Boolean(w?.trim()));
  return words.length ? words.join(" ") : null;
}
