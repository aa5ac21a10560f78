import { figuresOfReport, figuresOfSurvey } from '../../../../src/server/reports/report-figures';
import { parseSurvey } from '../../../../src/server/surveys/epc/parse-survey';
import { reconcileSurvey } from '../../../../src/server/surveys/epc/reconcile';
import type { Survey } from '../../../../src/server/surveys/epc/survey';
import { readFixture } from './fixture-files';

const fixture = (name: string) => parseSurvey(readFixture(name));

describe('what a report takes where its survey disagrees with itself', () => {
  it('shows the potential the steps reach, and says once what the survey stated', () => {
    // The lodged potential is C 72 while the last improvement reaches D 60.
    const { survey, measures, notes } = figuresOfSurvey(fixture('RdSAP-Schema-20.0.0__epc.xml'));
    expect(survey.energyRating.potential).toBe(60);
    expect(measures.at(-1)).toMatchObject({ epcTotal: 60, epcBand: 'D' });
    expect(survey.environmentalImpact.potential).toBe(64);
    expect(notes).toEqual([
      'The survey states a potential energy rating of C 72, but its recommended improvements, done in order, reach D 60. This report shows D 60 throughout.',
      'The survey states a potential environmental impact rating of C 74, but its recommended improvements, done in order, reach D 64. This report shows D 64 throughout.',
    ]);
  });

  it('counts a step whose rating falls as adding no points, so ratings never fall along the steps', () => {
    // Current 70, while the lodged steps read 50 then 60.
    const { survey, measures, notes } = figuresOfSurvey(fixture('RHI_UAT_scenarios__1234-1234-1234-1234-1234.xml'));
    expect(measures.map((m) => [m.epcIncrease, m.epcTotal])).toEqual([
      [0, 70],
      [0, 70],
    ]);
    expect(survey.energyRating.potential).toBe(70);
    expect(notes[0]).toBe(
      'The survey gives improvements 1 and 2 a lower energy rating than the step before; a recommended improvement does not lower the rating, so this report counts them as adding no points.',
    );
  });

  it('takes the current rating as the potential of a home with nothing recommended', () => {
    const lodged: Survey = { ...fixture('RdSAP-Schema-S-19.0__epc.xml'), improvements: [] };
    const settled = reconcileSurvey({ ...lodged, energyRating: { current: 79, potential: 98 } });
    expect(settled.energyRating).toEqual({ current: 79, potential: 79 });
    expect(settled.figureNotes).toContain(
      'The survey states a potential energy rating of A 98, but it recommends no improvement, so the rating stays at C 79. This report shows C 79 throughout.',
    );
  });

  it('adds no note where the survey agrees with itself', () => {
    expect(figuresOfSurvey(fixture('RdSAP-Schema-S-19.0__house_epc.xml')).notes).toEqual([]);
  });

  it('settles a survey once: a stored report keeps the notes on what was lodged', () => {
    const first = figuresOfSurvey(fixture('RdSAP-Schema-20.0.0__epc.xml'));
    const again = figuresOfReport({ survey: JSON.stringify(first.survey) });
    expect(again).toEqual(first);
  });

  it('gives a report stored before the figures were settled the same figures as a new one', () => {
    const lodged = fixture('RdSAP-Schema-20.0.0__epc.xml');
    expect(figuresOfReport({ survey: JSON.stringify(lodged) })).toEqual(figuresOfSurvey(lodged));
  });

  it('names a placeholder custom improvement by what it is, not by the placeholder', () => {
    const lodged = fixture('RdSAP-Schema-20.0.0__epc.xml');
    const custom = { ...lodged.improvements[0], number: null, text: 'Improvement desc' };
    const { measures } = figuresOfSurvey({ ...lodged, improvements: [custom] });
    expect(measures[0].name).toBe('Suggested improvement');
  });
});
