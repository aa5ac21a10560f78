import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { EPC_BAND_COLOURS, isEpcBand } from '../../shared/epc-bands';

/**
 * The drawing half of the homes map, loaded by homes-map.tsx as a chunk of its own: Leaflet and
 * its stylesheet reach a browser only when a page shows a map.
 */

export interface PlacedHome {
  id: number;
  label: string;
  band: string;
  lat: number;
  lng: number;
  href?: string;
}

export interface DrawnHomesMap {
  /** Shows these homes' markers in place of the ones before; `fit` also moves the view to take them all in. */
  showHomes(homes: PlacedHome[], fit: boolean): void;
  remove(): void;
}

interface DrawOptions {
  tileUrl: string;
  /** The tiles' credit, as HTML (Leaflet shows it as such). */
  attribution: string;
  /** The tiles cannot be reached (offline, blocked): the page says the map is unavailable. */
  onUnavailable: () => void;
}

const UNKNOWN_BAND_COLOUR = '#8a94a6';

/** Great Britain whole, before any home is placed. */
const BRITAIN: L.LatLngExpression = [54.5, -3];
const BRITAIN_ZOOM = 5;
/** Close enough to see the street of a lone home, not so close its postcode's centre looks like its door. */
const MOST_ZOOM_TO_FIT = 15;

/** The popup's content built as elements, so an address is never read as HTML. */
function popupOf(home: PlacedHome): HTMLElement {
  const box = document.createElement('div');
  const name = document.createElement(home.href ? 'a' : 'strong');
  name.textContent = home.label;
  if (name instanceof HTMLAnchorElement && home.href) name.href = home.href;
  const band = document.createElement('div');
  band.textContent = `EPC band ${home.band}`;
  box.append(name, band);
  return box;
}

export function drawHomesMap(container: HTMLElement, { tileUrl, attribution, onUnavailable }: DrawOptions): DrawnHomesMap {
  const map = L.map(container, { center: BRITAIN, zoom: BRITAIN_ZOOM, scrollWheelZoom: false });
  const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 });
  let anyTileLoaded = false;
  tiles.on('tileload', () => (anyTileLoaded = true));
  // One tile failing among many that loaded is a gap; none loading at all is no map.
  tiles.on('tileerror', () => {
    if (!anyTileLoaded) onUnavailable();
  });
  tiles.addTo(map);
  const markers = L.featureGroup().addTo(map);
  let removed = false;

  return {
    showHomes(homes, fit) {
      // A render queued before the map was given up may still arrive: Leaflet cannot draw on a removed map.
      if (removed) return;
      markers.clearLayers();
      for (const home of homes)
        L.circleMarker([home.lat, home.lng], {
          radius: 8,
          color: '#1d2430',
          weight: 1,
          fillColor: isEpcBand(home.band) ? EPC_BAND_COLOURS[home.band] : UNKNOWN_BAND_COLOUR,
          fillOpacity: 0.9,
        })
          .bindPopup(popupOf(home))
          .addTo(markers);
      if (fit && homes.length > 0) map.fitBounds(markers.getBounds(), { padding: [24, 24], maxZoom: MOST_ZOOM_TO_FIT });
    },
    remove() {
      if (removed) return;
      removed = true;
      map.remove();
    },
  };
}
