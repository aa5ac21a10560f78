import { Link } from 'react-router-dom';
import { SUPPORT_EMAIL } from '../../../shared/constants';
import { useTutorialVideosQuery } from './api';
import { TUTORIALS } from './tutorials';
import { TutorialSection } from './tutorial-section';
import './help-page.css';

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
    </div>
  );
}
