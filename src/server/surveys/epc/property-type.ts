import { childNode, text, type XmlNode } from './xml-node';

/** RdSAP/SAP Property-Type codes (the register's own lookup). */
const PROPERTY_TYPES: Record<string, string> = { '0': 'House', '1': 'Bungalow', '2': 'Flat', '3': 'Maisonette', '4': 'Park home' };
/** Built-Form codes; "NR" (not recorded) is left out on purpose. */
const BUILT_FORMS: Record<string, string> = {
  '1': 'Detached',
  '2': 'Semi-Detached',
  '3': 'End-Terrace',
  '4': 'Mid-Terrace',
  '5': 'Enclosed End-Terrace',
  '6': 'Enclosed Mid-Terrace',
};

/** The surveyed data block: its name changed with each SAP generation. */
const DATA_BLOCKS = ['SAP-Data', 'SAP10-Data', 'SAP2012-Data', 'SAP09-Data'];

export interface PropertyType {
  propertyType: string | null;
  builtForm: string | null;
}

/**
 * "House, Semi-Detached". The surveyed SAP-Property-Details codes come first: the
 * Report-Header carries a Property-Type too, which older HCR messages fill with a default.
 */
export function readPropertyType(body: XmlNode): PropertyType {
  const details = DATA_BLOCKS.map((block) => childNode(body, block, 'SAP-Property-Details')).find(Boolean);
  const typeCode = text(details, 'Property-Type') ?? text(body, 'Report-Header', 'Property-Type');
  const type = typeCode === null ? null : (PROPERTY_TYPES[typeCode] ?? null);
  const formCode = text(details, 'Built-Form');
  const builtForm = formCode === null ? null : (BUILT_FORMS[formCode] ?? null);
  const propertyType = type && builtForm ? `${type}, ${builtForm}` : type;
  return { propertyType, builtForm };
}
