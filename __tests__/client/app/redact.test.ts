import { REDACTED, redact, devToolsOptions } from '../../../src/client/app/redact';

describe('redact (what Redux DevTools may show)', () => {
  it('hides every secret field at any depth, in objects and arrays', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: {
        arg: {
          originalArgs: { name: 'Ann', currentPassword: 'old-pass1', newPassword: 'new-pass1', passwordConfirm: 'new-pass1' },
        },
      },
      payload: [{ pi_secret: 'pi_1_secret_2', client_secret: 'cs_x', cs: 'cs_live', token: 't0k3n', code: 'abc123' }],
    };
    const out = redact(action);
    expect(out.meta.arg.originalArgs).toEqual({
      name: 'Ann',
      currentPassword: REDACTED,
      newPassword: REDACTED,
      passwordConfirm: REDACTED,
    });
    expect(out.payload[0]).toEqual({ pi_secret: REDACTED, client_secret: REDACTED, cs: REDACTED, token: REDACTED, code: REDACTED });
    expect(JSON.stringify(out)).not.toMatch(/old-pass1|new-pass1|pi_1_secret_2|cs_live|t0k3n|abc123/);
  });

  it('leaves the input untouched and keeps everything else as it was', () => {
    const state = {
      session: { loggedIn: true, name: 'Ann' },
      form: { password: 'hunter22', email: 'ann@example.com' },
      list: [1, 'two', null],
    };
    const out = redact(state);
    expect(state.form.password).toBe('hunter22');
    expect(out).toEqual({
      session: { loggedIn: true, name: 'Ann' },
      form: { password: REDACTED, email: 'ann@example.com' },
      list: [1, 'two', null],
    });
  });

  it('does not mark empty or missing secrets as if they held something', () => {
    expect(redact({ password: '', code: undefined })).toEqual({ password: '', code: undefined });
  });

  it('copes with values that refer to themselves', () => {
    const looped: Record<string, unknown> = { password: 'x' };
    looped.self = looped;
    expect((redact(looped) as { password: string }).password).toBe(REDACTED);
  });

  it('is what the DevTools sanitizers apply to actions and state', () => {
    expect(devToolsOptions.actionSanitizer({ type: 'login', password: 'p' })).toEqual({ type: 'login', password: REDACTED });
    expect(devToolsOptions.stateSanitizer({ a: { token: 'z' } })).toEqual({ a: { token: REDACTED } });
  });
});
