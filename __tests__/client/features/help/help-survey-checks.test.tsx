import { screen, within } from '@testing-library/react';
import HelpPage from '../../../../src/client/features/help/help-page';
import { tutorialVideos } from '../../../../src/shared/api/access';
import { SURVEY_CHECKS } from '../../../../src/shared/rules/survey-checks';
import { renderWithProviders } from '../../helpers/render';
import { answer, server } from '../../helpers/msw';

describe('Help: how we check a survey', () => {
  it('lists every rule the upload runs, with its title, what happens and why', () => {
    server.use(answer(tutorialVideos, () => ({ success: true as const, videos: [] })));
    renderWithProviders(<HelpPage />, { route: '/help' });
    const section = screen.getByRole('region', { name: 'How we check a survey' });
    const rules = within(section).getAllByRole('listitem');
    expect(rules.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(SURVEY_CHECKS.map((c) => c.title));
    expect(rules.length).toBeGreaterThanOrEqual(11);

    const rule = (title: string) => rules.find((li) => within(li).getByRole('heading').textContent === title)!;
    const band = rule('Current band that does not match the current rating');
    expect(within(band).getByText('File A, the lodged EPC XML. Refused: the file is not kept, and you are told why.')).toBeInTheDocument();
    expect(within(band).getByText(/A 92 or more, B 81 to 91, C 69 to 80/)).toBeInTheDocument();

    const potential = rule('Potential rating that the improvements do not reach');
    expect(
      within(potential).getByText(
        'File A, the lodged EPC XML. Warned: the file is kept and you can go on; the warning says what the report uses.',
      ),
    ).toBeInTheDocument();
    expect(within(potential).getByText(/the report uses the rating after the last improvement/)).toBeInTheDocument();

    const otherProperty = rule('A survey file of another property');
    expect(within(otherProperty).getByText(/^File B, the RdSAP survey XML\. Refused/)).toBeInTheDocument();

    const refused = SURVEY_CHECKS.filter((c) => c.severity === 'refuse').map((c) => c.title);
    expect(rules.filter((li) => within(li).queryByText(/Refused:/)).map((li) => within(li).getByRole('heading').textContent)).toEqual(
      refused,
    );
  });
});
