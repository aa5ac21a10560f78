import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import { createReport } from '../../../../src/shared/api/reports';
import { server } from '../../helpers/msw';
import { chooseType, next, openWizard, stepHeading, uploadFile } from './render-wizard';
import { SHARE_URL, wizardServer } from './wizard-server';

/** The create call as the server sees it: each request's Idempotency-Key, and an answer chosen per attempt. */
function createCalls(answers: (() => Response)[]) {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`${API_ORIGIN}${createReport.path}`, ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const next = answers[keys.length - 1] ?? answers[answers.length - 1];
      return next();
    }),
  );
  return keys;
}

const created = () => HttpResponse.json({ success: true, report_id: 77, share_url: SHARE_URL });
/** The connection drops before any answer: what a server killed mid-request, or a lost network, looks like. */
const dropped = () => HttpResponse.error();

async function submitReport() {
  const { user } = openWizard();
  await chooseType(user);
  await uploadFile(user, /Lodged EPC XML/);
  await user.click(next());
  await user.click(await screen.findByRole('button', { name: /1 Acacia Avenue/ }));
  await user.click(await screen.findByRole('button', { name: 'Acme Energy' }));
  return user;
}

/** A quoted version 4 UUID, the draft's form of the header. */
const KEY = /^"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"$/;

describe('Create Report when an answer is lost', () => {
  it('sends an Idempotency-Key, and sends the request once more with the same key when the connection drops', async () => {
    wizardServer();
    const keys = createCalls([dropped, created]);
    await submitReport();
    // Waiting for the retry's answer: the retry waits a moment first, as RTK Query's backoff does.
    expect(await screen.findByRole('heading', { level: 2, name: 'Your report is being created' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Share link')).toHaveValue(SHARE_URL);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(KEY);
    expect(keys[1]).toBe(keys[0]);
  });

  it('tries once more only; pressing again sends the same submission with the same key', async () => {
    wizardServer();
    const keys = createCalls([dropped, dropped, created]);
    const user = await submitReport();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'We could not reach the server. Check your connection and try again.',
    );
    expect(keys).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Branding' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acme Energy' }));
    expect(await stepHeading('Your report is being created')).toBeInTheDocument();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('does not send again a request the server answered, even with a failure', async () => {
    wizardServer();
    const keys = createCalls([() => HttpResponse.json({ success: false, error: 'Please try again in a moment.' }, { status: 503 })]);
    await submitReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in a moment.');
    expect(keys).toHaveLength(1);
  });
});
