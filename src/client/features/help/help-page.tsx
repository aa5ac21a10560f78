import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { SURVEY_CHECKS } from '../../../shared/rules/survey-checks';
import { useTutorialVideosQuery } from './api';
import { TUTORIALS } from './tutorials';
import { TutorialSection } from './tutorial-section';
import './help-page.css';

const WHAT_HAPPENS = {
  refuse: 'Refused: the file is not kept, and you are told why.',
  warn: 'Warned: the file is kept and you can go on; the warning says what the report uses.',
} as const;
const WHICH_FILE = { A: 'File A, the lodged EPC XML', B: 'File B, the RdSAP survey XML' } as const;

/** Every check a survey file passes at upload, from the same list the server runs. */
function SurveyChecksSection() {
  return (
    <section className="survey-checks" aria-labelledby="survey-checks-title">
      <h2 id="survey-checks-title">How we check a survey</h2>
      <p>
        When you upload a survey file, we check its figures against each other before any report is made. A file that contradicts itself
        where nothing can be settled is refused; anything else is shown to you as a warning beside the file, saying what the report will
        use, and you can carry on.
      </p>
      <ul className="survey-check-list">
        {SURVEY_CHECKS.map((check) => (
          <li key={check.id}>
            <h3>{check.title}</h3>
            <p className={`survey-check-outcome survey-check-${check.severity}`}>
              {WHICH_FILE[check.file]}. {WHAT_HAPPENS[check.severity]}
            </p>
            <p>{check.explanation}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /help: the five tutorials, each as steps with screenshots of the product, and a video where the operator provides one. */
export default function HelpPage() {
  // Without the list (still loading, or failed) the steps alone show: they are complete without a video.
  const { data } = useTutorialVideosQuery();
  const videoOf = (id: string) => data?.videos.find((v) => v.id === id)?.url;
  return (
    <div className="help-page">
      <h1>Help</h1>
      <p>
        Five short tutorials, each step shown as it looks in the app. For what the two types of report contain and who pays for them, see{' '}
        <Link to="/about">About</Link>. Still stuck? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
      <nav aria-label="Tutorials" className="help-contents">
        <ol>
          {TUTORIALS.map((t) => (
            <li key={t.id}>
              <a href={`#tutorial-${t.id}`}>{t.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {TUTORIALS.map((t) => (
        <TutorialSection key={t.id} tutorial={t} videoUrl={videoOf(t.id)} />
      ))}
      <SurveyChecksSection />
    </div>
  );
}
