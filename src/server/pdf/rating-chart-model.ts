import { EPC_BAND_COLOURS, EPC_BANDS, epcBand, type EpcBand } from '../../shared/epc-bands';

/** The environmental impact (CO2) chart: blues for the cleanest bands fading to greys. */
export const ENVIRONMENTAL_COLOURS: Record<EpcBand, string> = {
  A: '#0f4c81',
  B: '#1f6fb2',
  C: '#3d8fd1',
  D: '#7fb6e3',
  E: '#a7b4c0',
  F: '#7d8b98',
  G: '#5a6672',
};

interface ChartBand {
  band: EpcBand;
  /** '92+', '81-91' … '1-20', as printed on an EPC. */
  range: string;
  colour: string;
  /** Bar length as a share of the widest bar: A is the shortest, G the longest. */
  widthShare: number;
}

export interface ChartMarker {
  value: number;
  band: EpcBand;
  /** The bar (0 = A) the marker sits against. */
  row: number;
  colour: string;
}

export interface RatingChartModel {
  bands: ChartBand[];
  current: ChartMarker;
  potential: ChartMarker;
}

/** Which bars to draw and where the current and potential markers sit, without drawing anything. */
export function ratingChartModel(
  current: number,
  potential: number,
  palette: Record<EpcBand, string> = EPC_BAND_COLOURS,
): RatingChartModel {
  const bands = EPC_BANDS.map(({ band, min }, i): ChartBand => {
    const above = i === 0 ? null : EPC_BANDS[i - 1].min - 1;
    const low = Number.isFinite(min) ? min : 1;
    return {
      band,
      range: above === null ? `${low}+` : `${low}-${above}`,
      colour: palette[band],
      widthShare: 0.34 + (0.66 * i) / (EPC_BANDS.length - 1),
    };
  });
  const marker = (value: number): ChartMarker => {
    const rounded = Math.round(value);
    const band = epcBand(rounded);
    return { value: rounded, band, row: bands.findIndex((b) => b.band === band), colour: palette[band] };
  };
  return { bands, current: marker(current), potential: marker(potential) };
}
