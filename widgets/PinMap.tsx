import { useEffect, useRef } from 'react';

export interface PinMapProps {
  /** The ids of the form's latitude and longitude fields, which the pin writes and follows. */
  latitudeId: string;
  longitudeId: string;
  /** What the pin marks, for its label. */
  name: string;
  /** Where the map opens while the fields are empty. */
  start: [number, number];
  /** Other places drawn as dots for scale (the builder's other communities). */
  others: [number, number][];
  tileUrl: string;
  attribution: string;
  stylesheet: string;
}

/**
 * A map to drop a pin on, beside a form's latitude and longitude fields (a new community's address): a click or a
 * drag writes both, typing moves the pin. The server renders its empty place; without JavaScript the fields alone.
 */
export default function PinMap(props: PinMapProps) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    const latitude = document.getElementById(props.latitudeId) as HTMLInputElement | null;
    const longitude = document.getElementById(props.longitudeId) as HTMLInputElement | null;
    if (!element || !latitude || !longitude) return undefined;
    let undo: (() => void) | undefined;
    let stopped = false;
    import('./content-point-map.js')
      .then(async ({ drawPinMap, leafletStylesheetLoaded }) => {
        await leafletStylesheetLoaded(props.stylesheet);
        if (stopped) return;
        undo = drawPinMap(
          element,
          {
            latitude,
            longitude,
            name: props.name,
            start: props.start,
            others: props.others,
            caption:
              'Click the map or drag the pin to set the latitude and longitude; typing them moves the pin. Dots are your other communities.',
          },
          props,
        );
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      stopped = true;
      undo?.();
    };
  }, [props]);
  return <div ref={holder} className="content-point-map pin-map" />;
}
