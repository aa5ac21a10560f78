import { homeNationOf, postcodeNation } from '../../../../src/server/surveys/epc/country';

describe('the nation a postcode is in', () => {
  it.each([
    ['SW1A 2AA', 'england'],
    ['cf10 1aa', 'wales'],
    ['LL57 2DG', 'wales'],
    ['SY23 3BX', 'wales'],
    ['SY1 1AA', 'england'],
    ['CH7 1AA', 'wales'],
    ['CH1 1AA', 'england'],
    ['EH1 2NG', 'scotland'],
    ['G12 8QQ', 'scotland'],
    ['TD15 1AA', 'england'],
    ['TD1 1AA', 'scotland'],
    ['BT1 1AA', 'northern-ireland'],
  ])('%s is in %s', (postcode, nation) => {
    expect(postcodeNation(postcode)).toBe(nation);
  });

  it.each(['', 'N/A', 'JE2 3AB', '12345'])('%p reads as no UK nation', (postcode) => {
    expect(postcodeNation(postcode)).toBeNull();
  });
});

describe("the home's nation", () => {
  const at = (country: 'ENG' | 'WLS' | 'EAW' | 'SCT' | 'NIR', postcode: string) => homeNationOf({ country, address: { postcode } });

  it('follows a country code that names one nation, whatever the postcode says', () => {
    expect(at('WLS', 'SW1A 2AA')).toBe('wales');
    expect(at('ENG', 'CF10 1AA')).toBe('england');
    expect(at('SCT', 'EH1 2NG')).toBe('scotland');
  });

  it('takes England or Wales from the postcode for an England-and-Wales lodgement', () => {
    expect(at('EAW', 'SW1A 2AA')).toBe('england');
    expect(at('EAW', 'SA1 1AA')).toBe('wales');
    expect(at('EAW', '')).toBe('england');
  });
});
