import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import PortfolioPage from '../../../../src/client/features/portfolios/portfolio-page';
import { NoticeRegion } from '../../../../src/client/components/notice';
import { API_ORIGIN } from '../../../../src/client/lib/api';
import type { RequestOf } from '../../../../src/shared/api/define';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../src/shared/api/idempotency';
import {
  addPortfolioReports,
  addPortfolioSurvey,
  portfolioDetails,
  REGISTER_IMPORT_PATH,
  removePortfolioHome,
  type PortfolioHome,
} from '../../../../src/shared/api/portfolios';
import { upload, uploadFollowup } from '../../../../src/shared/api/uploads';
import { answer, fail, server } from '../../helpers/msw';
import { findNotice } from '../../helpers/notice';
import { renderWithProviders } from '../../helpers/render';
import { signedIn } from '../../helpers/session';
import { listOf, reportItem, reportsCalls } from '../reports/fixtures';
import { homeOf, portfolioCall, viewOf } from './fixtures';

// Leaflet cannot draw in jsdom, and the map is tested on its own: here it only shows what the page gave it.
jest.mock('../../../../src/client/components/homes-map', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    HomesMap: ({ homes }: { homes: { id: number; label: string; lat: number | null }[] }) =>
      createElement(
        'ul',
        { 'aria-label': 'Map' },
        homes.map((home) => createElement('li', { key: home.id }, `${home.label}: ${home.lat === null ? 'not placed' : 'placed'}`)),
      ),
  };
});

const PORTFOLIO = 7;
const ACACIA = () => homeOf({ home_id: 1, report_id: 11, address: '1 Acacia Avenue, Leeds' });
const BIRCH = () =>
  homeOf({ home_id: 2, report_id: null, source: 'register', address: '2 Birch Road, Leeds', location: null, report_url: '' });

/** A server holding the portfolio's homes, which the calls of the page change. */
function portfolioServer(homes: PortfolioHome[]) {
  const state = { homes: [...homes] };
  const view = portfolioCall(() => viewOf(PORTFOLIO, state.homes));
  server.use(view.handler);
  return { state, queries: view.queries };
}

function openPage(route = `/portfolios/${PORTFOLIO}`) {
  return renderWithProviders(
    <>
      <PortfolioPage />
      <NoticeRegion />
    </>,
    { route, path: '/portfolios/:portfolioId', preloadedState: signedIn() },
  );
}

/** A file as the user picks it; Node's File, which msw reads (a jsdom File arrives as '[object File]'). */
const fileOf = (name: string, text: string, type = 'text/xml') => new NodeFile([text], name, { type }) as unknown as File;

afterEach(() => jest.restoreAllMocks());

describe('a portfolio', () => {
  it('shows the client, the link to share, the exports, the totals and every home from the view', async () => {
    const { queries } = portfolioServer([ACACIA(), BIRCH()]);
    const { user } = openPage();

    expect(await screen.findByRole('heading', { name: 'Northern Lets' })).toBeInTheDocument();
    expect(screen.getByText(/For Pat Landlord, Pat Lets Ltd/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary' })).toBeInTheDocument();
    const failing = screen.getByText('Fail band C by 2030').closest('div')!;
    expect(failing).toHaveTextContent('2');

    const table = screen.getByRole('table', { name: /^Homes, / });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1 Acacia Avenue, Leeds');
    expect(within(rows[0]).getByRole('link', { name: /1 Acacia Avenue/ })).toHaveAttribute(
      'href',
      'http://localhost/s/portfolio/7/abcdefghijklmnop/home/1',
    );
    expect(rows[1]).toHaveTextContent('2 Birch Road, Leeds');
    // The note is said once, by the summary.
    expect(screen.getAllByText(/measured on the reformed EPC's new metrics/)).toHaveLength(1);

    const map = screen.getByRole('list', { name: 'Map' });
    expect(map).toHaveTextContent('1 Acacia Avenue, Leeds: placed');
    expect(map).toHaveTextContent('2 Birch Road, Leeds: not placed');

    expect(screen.getByRole('link', { name: 'Download the table as CSV' })).toHaveAttribute(
      'href',
      '/api/portfolioexport?portfolio_id=7&format=csv&order=worst-first',
    );
    expect(screen.getByRole('link', { name: 'Download the table as Excel (XLSX)' })).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Download the table as PDF' })).toHaveAttribute(
      'href',
      '/api/portfolioexport?portfolio_id=7&format=pdf&order=worst-first',
    );

    const copied = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy the link for Pat Landlord' }));
    expect(copied).toHaveBeenCalledWith('http://localhost/s/portfolio/7/abcdefghijklmnop');

    await user.click(screen.getByRole('radio', { name: /Cheapest points first/ }));
    await waitFor(() => expect(queries[queries.length - 1]).toEqual({ portfolio_id: '7', order: 'cheapest-points-first' }));
    expect(screen.getByRole('link', { name: 'Download the table as CSV' })).toHaveAttribute(
      'href',
      '/api/portfolioexport?portfolio_id=7&format=csv&order=cheapest-points-first',
    );
  });

  it('removes a home after confirmation, and the view refetches without it', async () => {
    const { state } = portfolioServer([ACACIA(), BIRCH()]);
    const removed: RequestOf<typeof removePortfolioHome>[] = [];
    server.use(
      answer(removePortfolioHome, ({ body }) => {
        removed.push(body);
        state.homes = state.homes.filter((home) => home.home_id !== body.home_id);
        return { success: true as const };
      }),
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Remove 1 Acacia Avenue, Leeds' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove home' });
    expect(dialog).toHaveTextContent('Its report stays in your Report List.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove 1 Acacia Avenue, Leeds' })).not.toBeInTheDocument());
    expect(removed).toEqual([{ portfolio_id: 7, home_id: 1 }]);
    await findNotice('Home removed');
  });

  it('says so when the portfolio does not exist', async () => {
    server.use(
      http.get(`${API_ORIGIN}${portfolioDetails.path}`, () =>
        HttpResponse.json(fail(404, 'That portfolio does not exist.').body, { status: 404 }),
      ),
    );
    openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('That portfolio does not exist.');
    expect(screen.getByRole('link', { name: 'Back to your portfolios' })).toHaveAttribute('href', '/portfolios');
  });

  it('offers Undelete on a deleted portfolio and takes no homes', async () => {
    server.use(portfolioCall(() => viewOf(PORTFOLIO, [ACACIA()], { deleted: true })).handler);
    openPage();
    expect(await screen.findByText(/This portfolio is deleted/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undelete' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add reports' })).toBeDisabled();
    expect(screen.getByLabelText('Survey XML files')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

describe('adding homes', () => {
  it('adds the reports ticked in Add reports', async () => {
    const { state } = portfolioServer([ACACIA()]);
    server.use(
      reportsCalls(() =>
        listOf([
          reportItem({ report_id: 11, name: '1 Acacia Avenue, Leeds' }),
          reportItem({ report_id: 12, name: '3 Cedar Close, Leeds' }),
          reportItem({ report_id: 13, name: '4 Damson Drive, Leeds' }),
        ]),
      ).handler,
    );
    const added: RequestOf<typeof addPortfolioReports>[] = [];
    server.use(
      answer(addPortfolioReports, ({ body }) => {
        added.push(body);
        state.homes.push(...body.report_ids.map((id) => homeOf({ home_id: id, report_id: id, address: `Home of report ${id}` })));
        return { success: true as const, added: body.report_ids.length };
      }),
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Add reports' }));
    const dialog = screen.getByRole('dialog', { name: 'Add reports' });
    const already = await within(dialog).findByRole('checkbox', { name: /1 Acacia Avenue/ });
    expect(already).toBeChecked();
    expect(already).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Add 0 reports' })).toBeDisabled();

    await user.click(within(dialog).getByRole('checkbox', { name: /3 Cedar Close/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /4 Damson Drive/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 reports' }));

    await findNotice('2 homes added');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(added).toEqual([{ portfolio_id: 7, report_ids: [12, 13] }]);
    expect(await screen.findByRole('link', { name: /Home of report 13/ })).toBeInTheDocument();
  });

  it('uploads each dropped survey file, says beside each what became of it, and adds the ones that passed', async () => {
    const { state } = portfolioServer([]);
    const contents = new Map<string, string>();
    const surveys: { body: RequestOf<typeof addPortfolioSurvey>; key: string | null }[] = [];
    let tokens = 0;
    server.use(
      answer(upload, () => {
        tokens += 1;
        return { success: true as const, upload_to: `/api/uploads/token-${tokens}`, filename: `stored-${tokens}.xml` };
      }),
      http.put(`${API_ORIGIN}/api/uploads/:token`, async ({ request, params }) => {
        contents.set(`stored-${String(params.token).replace('token-', '')}.xml`, await request.text());
        return HttpResponse.json({ success: true });
      }),
      answer(uploadFollowup, ({ body }) =>
        contents.get(body.filename)?.includes('<RdSAP-Report>')
          ? { success: true as const, message: `Survey of ${contents.get(body.filename)?.replace(/<[^>]+>/g, '')} read` }
          : fail(400, 'This is not an EPC lodgement XML: no energy ratings found'),
      ),
      http.post(`${API_ORIGIN}${addPortfolioSurvey.path}`, async ({ request }) => {
        const body = addPortfolioSurvey.request.parse(await request.json());
        surveys.push({ body, key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
        const id = 100 + surveys.length;
        state.homes.push(homeOf({ home_id: id, report_id: id, address: `Home from ${body.original_filename}` }));
        return HttpResponse.json(addPortfolioSurvey.response.parse({ success: true, report_id: id, home_id: id }));
      }),
    );
    const { user } = openPage();
    await screen.findByRole('heading', { name: 'Northern Lets' });

    await user.upload(screen.getByLabelText('Survey XML files'), [
      fileOf('acacia.xml', '<RdSAP-Report>1 Acacia Avenue</RdSAP-Report>'),
      fileOf('notes.xml', '<notes>shopping list</notes>'),
      fileOf('birch.xml', '<RdSAP-Report>2 Birch Road</RdSAP-Report>'),
    ]);

    const files = screen.getByRole('list', { name: 'Survey files' });
    await waitFor(() => expect(screen.getByText('2 added, 1 not added.')).toBeInTheDocument());
    const item = (name: string) => within(files).getByText(name).closest('li')!;
    expect(item('acacia.xml')).toHaveTextContent('Added');
    expect(item('acacia.xml')).toHaveTextContent('Survey of 1 Acacia Avenue read');
    expect(item('birch.xml')).toHaveTextContent('Survey of 2 Birch Road read');
    expect(item('notes.xml')).toHaveTextContent('Not added');
    expect(item('notes.xml')).toHaveTextContent('This is not an EPC lodgement XML: no energy ratings found');
    expect(item('notes.xml')).toHaveClass('portfolios-drop-refused');

    expect(surveys.map((s) => s.body.original_filename).sort()).toEqual(['acacia.xml', 'birch.xml']);
    expect(surveys.every((s) => s.body.portfolio_id === 7 && /^stored-\d\.xml$/.test(s.body.xml1_key))).toBe(true);
    // Each file is its own submission with its own key.
    expect(new Set(surveys.map((s) => s.key)).size).toBe(2);
    expect(await screen.findByRole('link', { name: /Home from birch.xml/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Home from acacia.xml/ })).toBeInTheDocument();
  });

  it('has at most 3 files on their way at once, and starts the next as one finishes', async () => {
    portfolioServer([]);
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      answer(upload, () => {
        started += 1;
        return { success: true as const, upload_to: `/api/uploads/token-${started}`, filename: `stored-${started}.xml` };
      }),
      http.put(`${API_ORIGIN}/api/uploads/:token`, async () => {
        await gate;
        return HttpResponse.json({ success: true });
      }),
      answer(uploadFollowup, () => ({ success: true as const, message: 'Survey read' })),
      answer(addPortfolioSurvey, () => ({ success: true as const, report_id: 1, home_id: 1 })),
    );
    const { user } = openPage();
    await screen.findByRole('heading', { name: 'Northern Lets' });
    await user.upload(
      screen.getByLabelText('Survey XML files'),
      Array.from({ length: 5 }, (_, i) => fileOf(`survey-${i}.xml`, '<RdSAP-Report/>')),
    );
    await waitFor(() => expect(screen.getAllByText('Uploading')).toHaveLength(3));
    expect(started).toBe(3);
    expect(screen.getAllByText('Waiting')).toHaveLength(2);
    release();
    expect(await screen.findByText('5 added, 0 not added.')).toBeInTheDocument();
    expect(started).toBe(5);
  });

  it('refuses a file that is not .xml without sending it, and takes no more than 200 at once', async () => {
    portfolioServer([]);
    const { user } = openPage();
    await screen.findByRole('heading', { name: 'Northern Lets' });
    // Without the accept filter, as a drop from the desktop arrives.
    const input = screen.getByLabelText('Survey XML files');
    input.removeAttribute('accept');
    await user.upload(input, [fileOf('photo.jpg', 'jpeg', 'image/jpeg')]);
    expect(await screen.findByText('Only survey files ending in .xml can be added.')).toBeInTheDocument();

    await user.upload(
      input,
      Array.from({ length: 201 }, (_, i) => fileOf(`survey-${i}.pdf`, 'pdf', 'application/pdf')),
    );
    expect(await screen.findByText('You can add up to 200 files at a time; the first 200 were taken.')).toBeInTheDocument();
    expect(await screen.findByText('0 added, 201 not added.')).toBeInTheDocument();
    expect(screen.queryByText('survey-200.pdf')).not.toBeInTheDocument();
  });

  it('imports the register files as one multipart post and lists the lines that were not imported', async () => {
    const { queries } = portfolioServer([ACACIA()]);
    const posted: { portfolioId: string | null; fields: Record<string, string> }[] = [];
    server.use(
      http.post(`${API_ORIGIN}${REGISTER_IMPORT_PATH}`, async ({ request }) => {
        const form = await request.formData();
        const fields: Record<string, string> = {};
        for (const [name, value] of form.entries())
          fields[name] = typeof value === 'string' ? value : `${value.name}: ${await value.text()}`;
        posted.push({ portfolioId: new URL(request.url).searchParams.get('portfolio_id'), fields });
        return HttpResponse.json({
          success: true,
          homes: 2,
          rows: 5,
          problems: [
            { file: 'certificates', line: 4, message: 'The energy rating is missing.' },
            { file: 'recommendations', line: 9, message: 'No certificate has this LMK_KEY.' },
          ],
          problem_count: 3,
        });
      }),
    );
    const { user } = openPage();
    await screen.findByRole('heading', { name: 'Northern Lets' });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Please choose the certificates file (certificates.csv).')).toBeInTheDocument();
    expect(screen.getByText('Please choose the recommendations file (recommendations.csv).')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.upload(screen.getByLabelText('Certificates (certificates.csv)'), fileOf('certificates.csv', 'LMK_KEY,ADDRESS1', 'text/csv'));
    await user.upload(
      screen.getByLabelText('Recommendations (recommendations.csv)'),
      fileOf('recommendations.csv', 'LMK_KEY,IMPROVEMENT_ID', 'text/csv'),
    );
    const before = queries.length;
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('2 homes added from 5 certificate rows. 3 lines were not imported.')).toBeInTheDocument();
    const problems = screen.getByRole('list', { name: 'Lines not imported' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['certificates.csv line 4: The energy rating is missing.', 'recommendations.csv line 9: No certificate has this LMK_KEY.']);
    expect(screen.getByText('…and 1 more line not imported.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        portfolioId: '7',
        fields: { certificates: 'certificates.csv: LMK_KEY,ADDRESS1', recommendations: 'recommendations.csv: LMK_KEY,IMPROVEMENT_ID' },
      },
    ]);
    await findNotice('2 homes imported');
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
  });

  it("shows the server's refusal of an import", async () => {
    portfolioServer([ACACIA()]);
    server.use(
      http.post(`${API_ORIGIN}${REGISTER_IMPORT_PATH}`, () =>
        HttpResponse.json({ success: false, error: 'certificates.csv is not the register’s certificates file.' }, { status: 400 }),
      ),
    );
    const { user } = openPage();
    await screen.findByRole('heading', { name: 'Northern Lets' });
    await user.upload(screen.getByLabelText('Certificates (certificates.csv)'), fileOf('certificates.csv', 'x', 'text/csv'));
    await user.upload(screen.getByLabelText('Recommendations (recommendations.csv)'), fileOf('recommendations.csv', 'y', 'text/csv'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('certificates.csv is not the register’s certificates file.');
  });
});
