import { formatInviteCode, normaliseInviteCode } from '../../src/shared/rules/invite-code';

describe('normaliseInviteCode', () => {
  it.each([
    ['abcde-fghjk', 'abcdefghjk'],
    ['ABCDE-FGHJK', 'abcdefghjk'],
    ['abcdefghjk', 'abcdefghjk'],
    ['  AbCdE-fGhJk  ', 'abcdefghjk'],
    ['ab-cd-ef-gh-jk', 'abcdefghjk'],
    ['', ''],
  ])('turns %j into %j', (typed, sent) => {
    expect(normaliseInviteCode(typed)).toBe(sent);
  });
});

describe('formatInviteCode', () => {
  it('shows a code as xxxxx-xxxxx whatever form it came in', () => {
    expect(formatInviteCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(formatInviteCode('ABCDE-FGHJK')).toBe('abcde-fghjk');
  });

  it('round-trips with normaliseInviteCode', () => {
    expect(normaliseInviteCode(formatInviteCode('k2m3n4p5q6'))).toBe('k2m3n4p5q6');
  });
});
