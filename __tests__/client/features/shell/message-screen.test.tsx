import { screen, within } from '@testing-library/react';
import { answerMessage, checkMessages } from '../../../../src/shared/api/messages';
import type { RequestOf, ResponseOf } from '../../../../src/shared/api/define';
import { answer, server } from '../../helpers/msw';
import { renderApp } from '../../helpers/render';
import { noMessages, shellHandlers, signedIn } from '../../helpers/session';
import { reportsCalls } from '../reports/fixtures';

type Outstanding = ResponseOf<typeof checkMessages>;

const newTerms: Outstanding = {
  success: true as const,
  type: 'TERMS',
  terms: [
    { title: 'Terms of use', message_html: '<p>You agree to <strong>use reports fairly</strong>.</p>', updated_at: 1_700_000_000 },
    { title: 'Privacy notice', message_html: '<p>We keep survey files for 30 days.</p>', updated_at: 1_700_000_500 },
  ],
  updated_at: 1_700_000_500,
  message: null,
};

const announcement: Outstanding = {
  success: true as const,
  type: 'MESSAGE',
  terms: [],
  updated_at: null,
  message: {
    id: 42,
    title: 'Premium prices change in May',
    message_html: '<p>Trade prices go up on 1 May.</p>',
    options: [
      { type: 'button', label: 'Remind me later', value: 'later' },
      { type: 'button', label: 'Got it', value: 'ok' },
    ],
  },
};

/** The server holds one outstanding message until it is answered, then has none. */
function serveMessage(outstanding: Outstanding) {
  const answers: RequestOf<typeof answerMessage>[] = [];
  server.use(
    answer(checkMessages, () => (answers.length ? noMessages : outstanding)),
    answer(answerMessage, ({ body }) => {
      answers.push(body);
      return { success: true as const };
    }),
    ...shellHandlers().handlers,
  );
  return answers;
}

// The Report List at /reports loads its list; these tests use it only as a page inside the shell.
beforeEach(() => server.use(reportsCalls().handler));

describe('blocking message screen', () => {
  it('shows new terms and nothing else of the app until they are accepted', async () => {
    const answers = serveMessage(newTerms);
    const { user } = renderApp({ route: '/reports', preloadedState: signedIn() });

    expect(await screen.findByRole('heading', { name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Privacy notice' })).toBeInTheDocument();
    expect(screen.getByText('use reports fairly')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'App' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Report List' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { name: 'Report List' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'App' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Terms of use' })).not.toBeInTheDocument();
    expect(answers).toEqual([{ type: 'TERMS', acceptTerms: true, acceptedTo: 1_700_000_500 }]);
  });

  it('offers one button per option of a message and sends the chosen answer', async () => {
    const answers = serveMessage(announcement);
    const { user } = renderApp({ route: '/home', preloadedState: signedIn() });

    const screenArea = await screen.findByRole('region', { name: 'Premium prices change in May' });
    expect(within(screenArea).getByText('Trade prices go up on 1 May.')).toBeInTheDocument();
    expect(
      within(screenArea)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Remind me later', 'Got it']);
    expect(screen.queryByRole('navigation', { name: 'App' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Got it' }));

    expect(await screen.findByRole('navigation', { name: 'App' })).toBeInTheDocument();
    expect(answers).toEqual([{ type: 'MESSAGE', id: 42, response: 'ok' }]);
  });
});
