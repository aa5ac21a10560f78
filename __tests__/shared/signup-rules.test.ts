import { isEmail, isPhone, signupProblems, type SignupFields } from '../../src/shared/rules/signup';

const valid: SignupFields = {
  inviteCode: 'abcdefghjk',
  email: 'assessor@example.com',
  phone: '01234 567890',
  name: 'Alex Assessor',
  role: 'surveyor',
  scheme: 'elmhurst',
  password: 'correct-horse-7',
  passwordConfirm: 'correct-horse-7',
  termsAgree: true,
};

const keys = (fields: Partial<SignupFields>) => signupProblems({ ...valid, ...fields }).map((e) => e.key);

describe('signupProblems', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(signupProblems(valid)).toEqual([]);
  });

  it.each<[string, Partial<SignupFields>, string]>([
    ['a blank invite code', { inviteCode: '  ' }, 'inviteCode'],
    ['a blank email', { email: '' }, 'email'],
    ['an email without @', { email: 'assessor.example.com' }, 'email'],
    ['an email with a space', { email: 'a b@example.com' }, 'email'],
    ['a phone with letters', { phone: 'ring me' }, 'phone'],
    ['a phone too short', { phone: '123' }, 'phone'],
    ['a blank name', { name: ' ' }, 'name'],
    ['an unknown role', { role: 'admin' }, 'role'],
    ['a surveyor without a scheme', { scheme: '' }, 'scheme'],
    ['a retrofit assessor with an unknown scheme', { role: 'ra', scheme: 'acme' }, 'scheme'],
    ['a short password', { password: 'abc1', passwordConfirm: 'abc1' }, 'password'],
    ['a letters-only password', { password: 'abcdefghij', passwordConfirm: 'abcdefghij' }, 'password'],
    ['a differing confirmation', { passwordConfirm: 'correct-horse-8' }, 'passwordConfirm'],
    ['terms not agreed', { termsAgree: false }, 'termsAgree'],
  ])('keys %s to its field alone', (_what, fields, key) => {
    expect(keys(fields)).toEqual([key]);
  });

  it('asks for agreement to terms only while there are terms (none on a fresh installation)', () => {
    expect(signupProblems({ ...valid, termsAgree: false }, { termsPublished: false })).toEqual([]);
    expect(signupProblems({ ...valid, termsAgree: false }, { termsPublished: true }).map((e) => e.key)).toEqual(['termsAgree']);
  });

  it('treats phone as optional', () => {
    expect(keys({ phone: '' })).toEqual([]);
    expect(keys({ phone: undefined })).toEqual([]);
  });

  it('asks estate agents for no scheme', () => {
    expect(keys({ role: 'estate agent', scheme: '' })).toEqual([]);
    expect(keys({ role: 'estate agent', scheme: undefined })).toEqual([]);
  });

  it('accepts every listed scheme from surveyors and retrofit assessors', () => {
    for (const scheme of ['elmhurst', 'stroma', 'qudos', 'ecmk', 'sterling', 'cibse', 'other']) {
      expect(keys({ role: 'surveyor', scheme })).toEqual([]);
      expect(keys({ role: 'ra', scheme })).toEqual([]);
    }
  });

  it('reports every problem of an empty form, each once', () => {
    const blank: SignupFields = { inviteCode: '', email: '', name: '', role: '', password: '', passwordConfirm: 'x', termsAgree: false };
    expect(signupProblems(blank).map((e) => e.key)).toEqual([
      'inviteCode',
      'email',
      'name',
      'role',
      'password',
      'passwordConfirm',
      'termsAgree',
    ]);
  });
});

describe('isEmail and isPhone', () => {
  it.each(['a@b.co', 'first.last+tag@sub.example.org'])('accepts the email %j', (s) => expect(isEmail(s)).toBe(true));
  it.each(['', 'a@b', '@b.com', 'a@@b.com', 'a b@c.com'])('refuses the email %j', (s) => expect(isEmail(s)).toBe(false));
  it.each(['01234 567890', '+44 (0)20 7946-0000', '999999'])('accepts the phone %j', (s) => expect(isPhone(s)).toBe(true));
  it.each(['12345', 'call me', '0'.repeat(31), '0123456789x'])('refuses the phone %j', (s) => expect(isPhone(s)).toBe(false));
});
