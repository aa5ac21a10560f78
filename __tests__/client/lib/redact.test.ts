import { REDACTED, redact, devToolsOptions } from '../../../src/client/lib/redact';

describe('redact (what Redux DevTools may show)', () => {
  it('hides passwords, invite codes and card payment secrets at any depth, in objects and arrays', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: {
        arg: {
          endpointName: 'saveAccount',
          originalArgs: { name: 'Ann', currentPassword: 'old-pass1', newPassword: 'new-pass1', passwordConfirm: 'new-pass1' },
        },
      },
      payload: [{ pi_secret: 'pi_1_secret_2', client_secret: 'cs_x', cs: 'cs_live', token: 't0k3n', inviteCode: 'abcde12345' }],
    };
    const out = redact(action);
    expect(out.meta.arg.originalArgs).toEqual({
      name: 'Ann',
      currentPassword: REDACTED,
      newPassword: REDACTED,
      passwordConfirm: REDACTED,
    });
    expect(out.payload[0]).toEqual({ pi_secret: REDACTED, client_secret: REDACTED, cs: REDACTED, token: REDACTED, inviteCode: REDACTED });
    expect(JSON.stringify(out)).not.toMatch(/old-pass1|new-pass1|pi_1_secret_2|cs_live|t0k3n|abcde12345/);
  });

  it('hides the code of a confirmation or reset call, in its action and its cache entry, and nothing else called code', () => {
    const confirming = {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'userValidate', originalArgs: { code: 'once-only' } } },
    };
    const resetEntry = { endpointName: 'resetPassword', originalArgs: { username: 'ann@example.com', code: 'reset-code', password: 'pw' } };
    expect(redact(confirming).meta.arg.originalArgs).toEqual({ code: REDACTED });
    expect(redact(resetEntry).originalArgs).toEqual({ username: 'ann@example.com', code: REDACTED, password: REDACTED });

    const measures = { endpointName: 'unprocessedPremiumReport', data: { measures: [{ code: '5', name: 'Loft insulation' }] } };
    const voucher = {
      endpointName: 'acuityCheckout',
      originalArgs: { voucherCode: 'SAVE-100' },
      data: { discount_code: 'SPRING', code: 'W' },
    };
    expect(redact(measures)).toEqual(measures);
    expect(redact(voucher)).toEqual(voucher);
  });

  it("keeps a file address's path but not its signature, and drops an upload address's token", () => {
    const state = {
      pdfUrl: '/api/files/reports/12.pdf?exp=1760000000&sig=abcDEF123',
      preview: 'http://localhost:3000/api/files/logos/7.png?exp=1&sig=zz',
      upload_to: '/api/uploads/tok123',
      elsewhere: { next: '/api/uploads/tok456' },
      share_url: '/s/12/1-acacia-avenue',
    };
    expect(redact(state)).toEqual({
      pdfUrl: '/api/files/reports/12.pdf?[signature redacted]',
      preview: 'http://localhost:3000/api/files/logos/7.png?[signature redacted]',
      upload_to: REDACTED,
      elsewhere: { next: `/api/uploads/${REDACTED}` },
      share_url: '/s/12/1-acacia-avenue',
    });
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
    expect(redact({ password: '', cs: undefined })).toEqual({ password: '', cs: undefined });
  });

  it('redacts an object held in two places in both, and copes with values that refer to themselves', () => {
    const shared = { password: 'twice' };
    expect(JSON.stringify(redact({ a: shared, b: [shared] }))).not.toContain('twice');
    const looped: Record<string, unknown> = { password: 'x' };
    looped.self = looped;
    const out = redact(looped) as { password: string; self: { password: string } };
    expect(out.password).toBe(REDACTED);
    expect(out.self.password).toBe(REDACTED);
  });

  it('is what the DevTools sanitizers apply to actions and state', () => {
    expect(devToolsOptions.actionSanitizer({ type: 'login', password: 'p' })).toEqual({ type: 'login', password: REDACTED });
    expect(devToolsOptions.stateSanitizer({ a: { token: 'z' } })).toEqual({ a: { token: REDACTED } });
  });
});
