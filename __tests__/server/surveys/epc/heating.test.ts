import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import { mainFuelOf } from '../../../../src/server/surveys/epc/heating';
import { fixtureNames, readFixture } from './fixture-files';

const summary = (description: string) => [{ element: 'Main-Heating', description, energyEfficiency: 3, environmentalEfficiency: 3 }];

describe('main heating fuel and the gas grid, read from the survey', () => {
  it.each([
    ['Boiler and radiators, mains gas', 'mains-gas'],
    ['Gas boiler', 'mains-gas'],
    ['Boiler and radiators, LPG', 'lpg'],
    ['Boiler and radiators, oil', 'oil'],
    ['Room heaters, electric', 'electricity'],
    ['Boiler and radiators, anthracite', 'coal'],
    ['Coal fire', 'coal'],
    ['Air source heat pump, radiators, electric', 'heat-pump'],
    ['Boiler and radiators, wood pellets', 'biomass'],
  ])('"%s" is %s', (description, fuel) => {
    expect(mainFuelOf(summary(description))).toBe(fuel);
  });

  it('a summary without main heating names no fuel', () => {
    expect(mainFuelOf([])).toBeNull();
  });

  it('the register samples read their fuel and, where lodged, the gas connection', () => {
    const read = Object.fromEntries(
      fixtureNames().map((name) => {
        const s = parseSurvey(readFixture(name));
        return [name, [s.mainFuel, s.mainsGas]];
      }),
    );
    expect(read['RdSAP-Schema-21.0.1__epc.xml']).toEqual(['coal', true]);
    expect(read['RdSAP-Schema-S-19.0__epc.xml'][1]).toBe(true);
    expect(read['SAP-Schema-19.2.0__epc.xml'][1]).toBeNull();
    expect(read['SAP-Schema-19.2.0__epc.xml'][0]).toBe('electricity');
    expect(read['RdSAP-Schema-S-16.1__epc.xml'][0]).toBe('electricity');
    // The schema example's placeholder text ("Description7") names no fuel; every real sample does.
    expect(read['examples__RdSAP-20.0.0.xml']).toEqual([null, null]);
    const unread = Object.entries(read).filter(([, [fuel]]) => fuel === null);
    expect(unread.map(([name]) => name)).toEqual(['examples__RdSAP-20.0.0.xml']);
  });
});
