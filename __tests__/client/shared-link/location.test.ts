import { parseSharedPath, sharedPaths } from '../../../src/client/shared-link/location';

describe('parseSharedPath', () => {
  it.each([
    ['/s/12/abc', { page: 'landing', reportPath: '12/abc' }],
    ['/s/12/abc/', { page: 'landing', reportPath: '12/abc' }],
    ['/s/12/abc/paynow', { page: 'paynow', reportPath: '12/abc' }],
    ['/s/12/abc/c', { page: 'measures', reportPath: '12/abc' }],
    ['/s/12/abc/c/loft%20insulation', { page: 'contractors', reportPath: '12/abc', measureCode: 'loft insulation', mode: 'preliminary' }],
    ['/s/premium/12/abc', { page: 'premium', reportPath: '12/abc' }],
    ['/s/premium/12/abc/c/boiler', { page: 'contractors', reportPath: '12/abc', measureCode: 'boiler', mode: 'premium' }],
  ])('reads %s', (path, route) => expect(parseSharedPath(path)).toEqual(route));

  it.each([
    '/',
    '/s',
    '/s/12',
    '/s/12/abc/other',
    '/s/12/abc/paynow/x',
    '/s/12/abc/c/a/b',
    '/s/premium/12',
    '/s/premium/12/abc/x',
    '/s/12/%E0%A4%A',
  ])('refuses %s', (path) => expect(parseSharedPath(path)).toEqual({ page: 'unknown' }));

  it('builds the addresses it reads', () => {
    expect(parseSharedPath(sharedPaths.contractors('12/abc', 'a/b', 'premium'))).toEqual({
      page: 'contractors',
      reportPath: '12/abc',
      measureCode: 'a/b',
      mode: 'premium',
    });
  });
});
