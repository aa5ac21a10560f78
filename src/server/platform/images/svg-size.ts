/** The box every logo is fitted into: wide and short, as the report's header and cover draw it. */
export const LOGO_BOX = { width: 600, height: 240 } as const;

/** CSS pixels per unit, as librsvg reads absolute lengths. */
const UNIT_PX: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };

function lengthPx(value: string | undefined): number | null {
  const m = value?.trim().match(/^(\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?\s*(px|pt|pc|mm|cm|in)?$/i);
  if (!m) return null; // missing, a percentage or em: no absolute size
  const px = Number.parseFloat(value!) * UNIT_PX[(m[2] ?? '').toLowerCase()];
  return Number.isFinite(px) && px > 0 ? px : null;
}

function viewBoxOf(value: string | undefined): [number, number, number, number] | null {
  const parts = value
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (!parts || parts.length !== 4 || parts.some((n) => !Number.isFinite(n)) || parts[2] <= 0 || parts[3] <= 0) return null;
  return parts as [number, number, number, number];
}

/**
 * The root's width, height and viewBox rewritten so librsvg draws the logo to fit LOGO_BOX
 * exactly: however large the file says it is, what is rasterised is at most 600 x 240 pixels,
 * and a small icon is drawn sharp at that size rather than enlarged afterwards.
 */
export function fitRootToBox(attrs: Map<string, string>): { width: number; height: number } {
  const width = lengthPx(attrs.get('width'));
  const height = lengthPx(attrs.get('height'));
  let viewBox = viewBoxOf(attrs.get('viewBox'));
  // Without a viewBox the drawing cannot be scaled; its own size in pixels becomes one.
  if (!viewBox && width && height) viewBox = [0, 0, width, height];
  let natural: { w: number; h: number };
  if (width && height) natural = { w: width, h: height };
  else if (viewBox && width) natural = { w: width, h: (width * viewBox[3]) / viewBox[2] };
  else if (viewBox && height) natural = { w: (height * viewBox[2]) / viewBox[3], h: height };
  else if (viewBox) natural = { w: viewBox[2], h: viewBox[3] };
  else natural = { w: LOGO_BOX.width, h: LOGO_BOX.height };
  const scale = Math.min(LOGO_BOX.width / natural.w, LOGO_BOX.height / natural.h);
  const out = {
    width: Math.max(1, Math.min(LOGO_BOX.width, Math.round(natural.w * scale))),
    height: Math.max(1, Math.min(LOGO_BOX.height, Math.round(natural.h * scale))),
  };
  attrs.set('width', String(out.width));
  attrs.set('height', String(out.height));
  if (viewBox) attrs.set('viewBox', viewBox.join(' '));
  return out;
}
