import { screen, waitFor } from '@testing-library/react';
import * as sharing from '../../../src/shared/api/sharing';
import { browser } from '../../../src/client/shared-link/browser';
import { answer, fail, server } from '../helpers/msw';
import { REPORT_PATH, renderShared, sharedHandlers } from './render-shared';

const replace = jest.spyOn(browser, 'replace').mockImplementation(() => undefined);
afterEach(() => replace.mockClear());

describe('shared premium report link', () => {
  it('fetches the premium report and goes to its PDF', async () => {
    sharedHandlers();
    const bodies: unknown[] = [];
    server.use(
      answer(sharing.sharedPremiumReport, ({ body }) => {
        bodies.push(body);
        return { success: true as const, pdfUrl: 'https://files.example.test/premium-12.pdf' };
      }),
    );
    renderShared(`/s/premium/${REPORT_PATH}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('https://files.example.test/premium-12.pdf'));
    expect(bodies).toEqual([{ report_path: REPORT_PATH }]);
    expect(screen.getByRole('link', { name: /does not download automatically/ })).toHaveAttribute(
      'href',
      'https://files.example.test/premium-12.pdf',
    );
  });

  it('shows the not-found view when it fails', async () => {
    sharedHandlers();
    server.use(answer(sharing.sharedPremiumReport, () => fail(404, 'Unknown report link')));
    renderShared(`/s/premium/${REPORT_PATH}`);
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });
});
