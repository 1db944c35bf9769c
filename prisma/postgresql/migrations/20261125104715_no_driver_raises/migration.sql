-- CreateTable
CREATE TABLE "NoDriverRaise" (
    "id" TEXT NOT NULL,
    "shopId" TEXT NOT NULL,
    "shipmentId" TEXT NOT NULL,
    "courierShipmentId" TEXT NOT NULL,
    "checkAt" TIMESTAMP(3) NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "extraCompensationCents" INTEGER NOT NULL,
    "raisedAt" TIMESTAMP(3) NOT NULL,
    "sentAt" TIMESTAMP(3),

    CONSTRAINT "NoDriverRaise_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "NoDriverRaise_shopId_raisedAt_idx" ON "NoDriverRaise"("shopId", "raisedAt");

-- CreateIndex
CREATE UNIQUE INDEX "NoDriverRaise_shipmentId_courierShipmentId_checkAt_key" ON "NoDriverRaise"("shipmentId", "courierShipmentId", "checkAt");

-- AddForeignKey
ALTER TABLE "NoDriverRaise" ADD CONSTRAINT "NoDriverRaise_shipmentId_fkey" FOREIGN KEY ("shipmentId") REFERENCES "Shipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

