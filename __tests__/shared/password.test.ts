import { passwordProblem } from '../../src/shared/rules/password';

describe('passwordProblem', () => {
  it.each(['abcdefg1', 'abcdefg!', 'correct horse', '12345678', 'A-longer-passphrase'])('accepts %j', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it.each(['', 'a1', 'abcde1!'])('asks for 8 characters from %j', (password) => {
    expect(passwordProblem(password)).toBe('Password must be at least 8 characters long');
  });

  it.each(['abcdefgh', 'ABCDEFGHIJ', 'Passwordonly'])('asks for a number or symbol in %j', (password) => {
    expect(passwordProblem(password)).toBe('Password must include at least one number or symbol');
  });
});
