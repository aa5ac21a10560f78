/**
 * "sw1a2aa", " SW1A  2AA " -> "SW1A 2AA": the one form postcodes are shown and compared in
 * (upper case, a single space before the inward code). Anything too short to have an inward
 * code is only upper-cased and trimmed.
 */
export function normalisePostcode(postcode: string): string {
  const compact = postcode.replace(/\s+/g, '').toUpperCase();
  return compact.length > 4 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** The postcode area: the leading letters ("EH" of "EH1 2NG", "G" of "G12 8QQ"). */
export const postcodeArea = (postcode: string) => /^[A-Z]{1,2}/.exec(normalisePostcode(postcode))?.[0] ?? '';
