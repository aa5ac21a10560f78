import { DEFAULT_BRAND_COLOUR } from './constants';

type Rgb = [number, number, number];

/**
 * A branding's colour as '#rrggbb'. Brandings are typed by people, so '#abc' is widened and
 * anything unreadable falls back to the product's colour rather than failing the report.
 */
export function normaliseColour(value: string | null | undefined): string {
  const v = (value ?? '').trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v;
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}`;
  return DEFAULT_BRAND_COLOUR;
}

function toRgb(hex: string): Rgb {
  const n = parseInt(normaliseColour(hex).slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `amount` 0 keeps `a`, 1 gives `b`. */
export function mix(a: string, b: string, amount: number): string {
  const [x, y] = [toRgb(a), toRgb(b)];
  return toHex([0, 1, 2].map((i) => x[i] + (y[i] - x[i]) * amount) as Rgb);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const lin = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

export function contrast(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (l1 + 0.05) / (l2 + 0.05);
}

export const INK = '#1f2933';
export const WHITE = '#ffffff';

/** White or dark text, whichever reads better on `background` (a yellow brand gets dark text). */
export function textOn(background: string): string {
  return contrast(background, WHITE) >= contrast(background, INK) ? WHITE : INK;
}

/**
 * The brand colour darkened until it reads as text on white (WCAG AA, 4.5:1): a pale brand
 * colour still fills bars and panels, but headings and links stay legible.
 */
export function inkOf(brand: string): string {
  let colour = normaliseColour(brand);
  for (let step = 0; step < 20 && contrast(colour, WHITE) < 4.5; step++) colour = mix(colour, '#000000', 0.12);
  return colour;
}
