import { useState } from 'react';
import type { Tutorial } from './tutorials';

interface Props {
  tutorial: Tutorial;
  /** The operator's video of this tutorial, when one is configured. */
  videoUrl?: string;
}

/**
 * One tutorial: its video when the operator has put one online, and always its steps as text with
 * screenshots. A video that fails to load is removed rather than left as a player that cannot play.
 */
export function TutorialSection({ tutorial, videoUrl }: Props) {
  const [videoFailed, setVideoFailed] = useState(false);
  const headingId = `tutorial-${tutorial.id}`;
  return (
    <section className="tutorial" aria-labelledby={headingId}>
      <h2 id={headingId}>{tutorial.title}</h2>
      <p>{tutorial.summary}</p>
      {videoUrl && !videoFailed && (
        <video
          className="tutorial-video"
          src={videoUrl}
          controls
          preload="metadata"
          aria-label={`Video: ${tutorial.title}`}
          onError={() => setVideoFailed(true)}
        />
      )}
      <ol className="tutorial-steps">
        {tutorial.steps.map((step) => (
          <li key={step.text}>
            <p>{step.text}</p>
            {step.screenshot && (
              <img src={step.screenshot.src} alt={step.screenshot.alt} width={1280} height={800} loading="lazy" decoding="async" />
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
