import { epcBand } from '../../../shared/epc-bands';
import type { Survey, SurveyImprovement } from './survey';

/**
 * What a report shows where its survey disagrees with itself. Real lodgements do, rarely, and
 * hand-made ones often: a potential of 72 while the last improvement reaches 60, a step whose
 * rating falls. A report that printed both would state two answers on one page, so the figures
 * are settled once, here, before anything is drawn, and the report says in a footnote which
 * value it took. The survey check (survey-check.ts) tells the assessor the same at upload.
 *
 * - Ratings never fall along the steps: a step whose rating after it is below the one before it
 *   adds no points (its rating is the one before it), so every plan built from the steps climbs.
 * - The potential is where the steps, done in order, take the home: the rating after the last
 *   improvement, or the current rating when none is recommended. The steps are what the report
 *   explains and costs; a potential they do not reach is one nobody could act on.
 */
export function reconcileSurvey(survey: Survey): Survey {
  // Settled already (the report's stored survey): the notes say what the lodgement said.
  if (survey.figureNotes !== undefined) return survey;
  const improvements = climbing(survey);
  const last = improvements.at(-1);
  const energyPotential = last?.energyRatingAfter ?? survey.energyRating.current;
  const environmentalPotential = last?.environmentalRatingAfter ?? survey.environmentalImpact.current;
  return {
    ...survey,
    improvements,
    energyRating: { ...survey.energyRating, potential: energyPotential },
    environmentalImpact: { ...survey.environmentalImpact, potential: environmentalPotential },
    figureNotes: notesOn(survey, improvements, energyPotential, environmentalPotential),
  };
}

function climbing(survey: Survey): SurveyImprovement[] {
  let energy = survey.energyRating.current;
  let environmental = survey.environmentalImpact.current;
  return survey.improvements.map((step) => {
    energy = Math.max(energy, step.energyRatingAfter);
    environmental = Math.max(environmental, step.environmentalRatingAfter);
    return { ...step, energyRatingAfter: energy, environmentalRatingAfter: environmental };
  });
}

const rated = (points: number) => `${epcBand(points)} ${points}`;

/** One sentence for each figure the report took differently from the lodgement, in words an owner follows. */
function notesOn(lodged: Survey, steps: SurveyImprovement[], energyPotential: number, environmentalPotential: number): string[] {
  const notes: string[] = [];
  // Numbered by position, as the report's tables number steps (a lodged sequence may start at 0).
  const fell = lodged.improvements.flatMap((step, i) => (step.energyRatingAfter !== steps[i].energyRatingAfter ? [i + 1] : []));
  if (fell.length > 0) {
    const which = fell.length === 1 ? `improvement ${fell[0]}` : `improvements ${fell.slice(0, -1).join(', ')} and ${fell.at(-1)}`;
    notes.push(
      `The survey gives ${which} a lower energy rating than the step before; a recommended improvement does not lower the rating, so this report counts ${fell.length === 1 ? 'it' : 'them'} as adding no points.`,
    );
  }
  const whereStepsLead =
    steps.length > 0 ? 'its recommended improvements, done in order, reach' : 'it recommends no improvement, so the rating stays at';
  if (lodged.energyRating.potential !== energyPotential) {
    notes.push(
      `The survey states a potential energy rating of ${rated(lodged.energyRating.potential)}, but ${whereStepsLead} ${rated(energyPotential)}. This report shows ${rated(energyPotential)} throughout.`,
    );
  }
  if (lodged.environmentalImpact.potential !== environmentalPotential) {
    notes.push(
      `The survey states a potential environmental impact rating of ${rated(lodged.environmentalImpact.potential)}, but ${whereStepsLead} ${rated(environmentalPotential)}. This report shows ${rated(environmentalPotential)} throughout.`,
    );
  }
  return notes;
}
