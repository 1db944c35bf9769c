import { useEffect, useState } from "preact/hooks";
import type { ShipmentPhoto, ShipmentView } from "../../../shared/api-contract";
import { fetchPhotos } from "../../../shared/order-actions";
import { photoLabel } from "../../../shared/presentation";
import { Waiting } from "../../../shared/ui/Waiting";
import type { PanelProps } from "./common";

type Photos = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; photos: ShipmentPhoto[] };

export function PhotosPanel(props: PanelProps & { shipment: ShipmentView }) {
  const { shipment, t } = props;
  const [photos, setPhotos] = useState<Photos>({ state: "loading" });

  useEffect(() => {
    void fetchPhotos(props.fetchFn, shipment, props.now()).then((outcome) =>
      setPhotos(outcome.ok ? { state: "ready", photos: outcome.value } : { state: "failed", message: outcome.message }),
    );
  }, [shipment.id]);

  return (
    <>
      {photos.state === "loading" ? (
        <Waiting label={t("loadingPhotos")} />
      ) : photos.state === "failed" ? (
        <s-banner tone="critical">{photos.message}</s-banner>
      ) : (
        <s-stack direction="inline" gap="base">
          {photos.photos.map((photo) => (
            <s-stack key={photo.kind} direction="block" gap="small">
              <s-thumbnail src={photo.url} alt={photoLabel(photo.kind, t)} size="large" />
              <s-link href={photo.url} target="_blank">
                {photoLabel(photo.kind, t)}
              </s-link>
            </s-stack>
          ))}
        </s-stack>
      )}
      <s-button slot="primary-action" onClick={props.back}>
        {t("back")}
      </s-button>
    </>
  );
}
