import type { MainFuel, SummaryElement } from './survey';
import { findFirst, textOf, type XmlNode } from './xml-node';

/**
 * The main heating's fuel in the certificate's own words ("Boiler and radiators, mains gas",
 * "Gas boiler", "Coal fire"): the summary line reads the same in every schema family, where the
 * numeric fuel codes differ between RdSAP, SAP and the older formats. LPG is tested before gas so
 * "bottled gas" or "LPG" is never read as mains gas; an existing heat pump counts as its own kind.
 */
const FUEL_WORDS: [MainFuel, RegExp][] = [
  ['heat-pump', /heat pump/],
  ['lpg', /\blpg\b|bottled gas|liquefied petroleum/],
  ['oil', /\boil\b/],
  ['mains-gas', /mains gas|\bgas\b/],
  ['electricity', /electric/],
  ['coal', /coal|anthracite|smokeless/],
  ['biomass', /wood|biomass|pellet|\blogs?\b/],
];

export function mainFuelOf(summary: readonly SummaryElement[]): MainFuel | null {
  const heating = summary.find((s) => s.element.toLowerCase() === 'main-heating');
  if (!heating) return null;
  const words = heating.description.toLowerCase();
  return FUEL_WORDS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

/** Whether the home has a mains gas connection, where the lodgement records it (RdSAP's Mains-Gas Y/N). */
export function mainsGasOf(body: XmlNode): boolean | null {
  const found = findFirst(body, 'Mains-Gas');
  const value = found === undefined ? '' : textOf(found).trim().toUpperCase();
  return value === 'Y' ? true : value === 'N' ? false : null;
}
