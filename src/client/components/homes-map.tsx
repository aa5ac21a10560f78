import { useEffect, useMemo, useRef, useState } from 'react';
import type { DrawnHomesMap, PlacedHome } from './homes-map-leaflet';
import './homes-map.css';

/** A home as the map shows it; null coordinates: its postcode has not been, or could not be, placed. */
export interface MapHome {
  id: number;
  label: string;
  band: string;
  lat: number | null;
  lng: number | null;
  /** Where the popup's label links (the home's report); none: the label only. */
  href?: string;
}

export interface HomesMapProps {
  homes: MapHome[];
  /** The tiles' address, with {z}, {x} and {y} (the view's map.tile_url). */
  tileUrl: string;
  /** The credit the tiles' provider requires, as HTML (the view's map.attribution). */
  attribution: string;
}

export const MAP_UNAVAILABLE = 'The map is unavailable.';

const isPlaced = (home: MapHome): home is PlacedHome => home.lat !== null && home.lng !== null;

const unplacedText = (count: number) => `${count} ${count === 1 ? 'home' : 'homes'} could not be placed on the map.`;

/**
 * Each home at its postcode's centre, coloured by its EPC band. The map is extra to the homes'
 * table: when Leaflet or the tiles cannot be loaded it says so and the rest of the page works on.
 */
export function HomesMap({ homes, tileUrl, attribution }: HomesMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<DrawnHomesMap | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const placed = useMemo(() => homes.filter(isPlaced), [homes]);
  // The same homes at the same places, whatever the array: a page refetched after a push keeps the user's view.
  const placedKey = placed.map((h) => `${h.id}:${h.lat}:${h.lng}:${h.band}`).join(',');
  const fittedKey = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let map: DrawnHomesMap | null = null;
    const giveUp = () => {
      if (cancelled) return;
      map?.remove();
      map = null;
      setDrawn(null);
      setUnavailable(true);
    };
    import(/* webpackChunkName: "homes-map" */ './homes-map-leaflet').then(({ drawHomesMap }) => {
      if (cancelled || !container.current) return;
      map = drawHomesMap(container.current, { tileUrl, attribution, onUnavailable: giveUp });
      setDrawn(map);
    }, giveUp);
    return () => {
      cancelled = true;
      map?.remove();
      fittedKey.current = null;
    };
  }, [tileUrl, attribution]);

  useEffect(() => {
    if (!drawn) return;
    // Fitted again only when the homes or their places change, not on every refresh of the page.
    drawn.showHomes(placed, fittedKey.current !== placedKey);
    fittedKey.current = placedKey;
    // placed is derived from placedKey's homes: drawing on placedKey alone skips refreshes that change nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawn, placedKey]);

  const unplaced = homes.length - placed.length;
  return (
    <section className="homes-map">
      {!unavailable && (
        <div
          ref={container}
          className="homes-map__canvas"
          role="region"
          aria-label="Map of the homes, each at its postcode's centre, coloured by EPC band"
        />
      )}
      <p className="homes-map__status" role="status">
        {unavailable ? MAP_UNAVAILABLE : ''}
      </p>
      {unplaced > 0 && <p className="homes-map__unplaced">{unplacedText(unplaced)}</p>}
    </section>
  );
}
