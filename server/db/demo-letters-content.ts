/**
 * What the demo letters say: synthetic, clinically plausible sections for each demo job type and
 * Service, keyed by the job type's template headings (server/db/seed.ts DEMO_TEMPLATES). No real people.
 */
import type { LetterNode } from '../../src/domain/contract/letter';

const t = (text: string): LetterNode => ({ type: 'text', text });
export const para = (text: string): LetterNode => ({ type: 'paragraph', content: [t(text)] });
const bullets = (...items: string[]): LetterNode => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [para(i)] })),
});
const numbered = (...items: string[]): LetterNode => ({
  type: 'orderedList',
  attrs: { start: 1, type: null },
  content: items.map((i) => ({ type: 'listItem', content: [para(i)] })),
});
const results = (...rows: [string, string][]): LetterNode => ({
  type: 'table',
  content: [
    { type: 'tableRow', content: ['Test', 'Result'].map((h) => ({ type: 'tableHeader', content: [para(h)] })) },
    ...rows.map(([k, v]) => ({ type: 'tableRow', content: [k, v].map((c) => ({ type: 'tableCell', content: [para(c)] })) })),
  ],
});
const bold = (text: string): LetterNode => ({ type: 'text', text, marks: [{ type: 'bold' }] });

/** The content under each heading; a heading missing here stays an empty paragraph. */
export type Sections = Record<string, LetterNode[]>;
type Writer = (first: string) => Sections;

const CLINIC: Record<string, Writer> = {
  CAR: (first) => ({
    Diagnosis: [numbered('Stable angina (CCS class II)', 'Hypertension, well controlled')],
    'Presenting complaint': [
      para(
        `${first} describes three months of central chest tightness when walking uphill, easing with rest within five minutes. There is no pain at rest, no palpitations and no syncope.`,
      ),
    ],
    Examination: [
      para('Blood pressure 142/86 mmHg, pulse 72 regular. Heart sounds normal with no murmurs. Chest clear. No peripheral oedema.'),
    ],
    Investigations: [
      results(
        ['ECG', 'Sinus rhythm, no acute ST changes'],
        ['Troponin (hs)', '< 5 ng/L'],
        ['Total cholesterol', '5.8 mmol/L'],
        ['HbA1c', '41 mmol/mol'],
      ),
    ],
    Plan: [para(`CT coronary angiography has been requested. I will review the result with ${first} in clinic in eight weeks.`)],
    'Medication changes': [
      bullets(
        'Start bisoprolol 2.5 mg once daily',
        'Start atorvastatin 80 mg at night',
        'GTN spray 400 micrograms as required for chest pain',
      ),
    ],
    'Information for the patient': [
      {
        type: 'paragraph',
        content: [
          t('We talked about what the chest pain means and how to use the GTN spray. '),
          bold('If the pain comes on at rest or lasts more than 15 minutes, call 999.'),
        ],
      },
    ],
  }),
  RES: (first) => ({
    Diagnosis: [numbered('Chronic obstructive pulmonary disease, GOLD stage 2', 'Two exacerbations in the last twelve months')],
    'Presenting complaint': [
      para(
        `${first} reports breathlessness on one flight of stairs (MRC grade 3) and a morning cough with white sputum. A former smoker of 30 pack-years, stopped four years ago.`,
      ),
    ],
    Examination: [para('Saturations 94% on air, respiratory rate 18. Scattered expiratory wheeze, no crackles. No clubbing.')],
    Investigations: [
      results(
        ['Spirometry FEV1', '1.62 L (61% predicted)'],
        ['FEV1/FVC', '0.58'],
        ['Chest X-ray', 'Hyperinflated lungs, no focal consolidation'],
      ),
    ],
    Plan: [
      para(
        'Referral to pulmonary rehabilitation. Inhaler technique checked in clinic and was good. Review in six months, sooner if exacerbations continue.',
      ),
    ],
    'Medication changes': [
      bullets(
        'Continue salbutamol 100 micrograms, two puffs as required',
        'Start tiotropium/olodaterol 2.5/2.5 micrograms, two puffs once daily',
      ),
    ],
    'Information for the patient': [
      para(
        'A written self-management plan and a rescue pack were discussed; please start the rescue pack and let your GP know if your sputum turns green.',
      ),
    ],
  }),
  ORT: (first) => ({
    Diagnosis: [para('Osteoarthritis of the right knee, predominantly medial compartment.')],
    'Presenting complaint': [
      para(
        `${first} has had right knee pain for two years, worse on stairs and after walking more than half a mile, with stiffness for twenty minutes each morning. No locking or giving way.`,
      ),
    ],
    Examination: [
      para(
        'Antalgic gait. Small effusion, medial joint line tenderness, range of movement 5 to 110 degrees. Ligaments stable. Neurovascularly intact.',
      ),
    ],
    Investigations: [results(['Standing knee X-ray', 'Medial joint space narrowing with osteophytes (Kellgren–Lawrence grade 3)'])],
    Plan: [
      para(
        'We agreed to continue non-operative treatment for now: physiotherapy for quadriceps strengthening and weight management support. Review in four months to discuss knee replacement if symptoms remain limiting.',
      ),
    ],
    'Medication changes': [
      bullets('Topical diclofenac gel 1% up to four times daily', 'Paracetamol 1 g up to four times daily as required'),
    ],
    'Information for the patient': [
      para(
        'An exercise leaflet was given. Please keep a note of how far you can walk before the pain stops you; it will help us decide together.',
      ),
    ],
  }),
};

const DISCHARGE: Record<string, Writer> = {
  CAR: (first) => ({
    Diagnosis: [para('Non-ST elevation myocardial infarction.')],
    Procedures: [
      para(
        'Coronary angiography via the right radial artery: 90% stenosis of the proximal LAD treated with one drug-eluting stent. No complications.',
      ),
    ],
    'Medication on discharge': [
      bullets(
        'Aspirin 75 mg once daily (lifelong)',
        'Ticagrelor 90 mg twice daily for 12 months',
        'Atorvastatin 80 mg at night',
        'Ramipril 2.5 mg once daily',
        'Bisoprolol 2.5 mg once daily',
      ),
    ],
    'Follow-up': [
      para(`Cardiac rehabilitation will contact ${first} within two weeks. Cardiology clinic in six weeks with an echocardiogram.`),
    ],
    'Actions for GP': [
      numbered(
        'Please check renal function and potassium in one to two weeks after starting ramipril',
        'Please up-titrate ramipril as blood pressure allows',
      ),
    ],
  }),
  RES: (first) => ({
    Diagnosis: [para('Community-acquired pneumonia, right lower lobe (CURB-65 score 1).')],
    Procedures: [para('None.')],
    'Medication on discharge': [
      bullets(
        'Amoxicillin 500 mg three times daily to complete five days in total (two days remaining)',
        'Paracetamol 1 g four times daily as required',
      ),
    ],
    'Follow-up': [para(`Repeat chest X-ray in six weeks to confirm resolution. ${first} was given the results line number.`)],
    'Actions for GP': [numbered('Please request the six-week chest X-ray', 'Please review if fever returns or breathlessness worsens')],
  }),
  ORT: (first) => ({
    Diagnosis: [para('Osteoarthritis of the left hip, treated with total hip replacement.')],
    Procedures: [
      para(
        'Left total hip replacement (cemented), posterior approach. Uneventful recovery; mobilising with two sticks on the day of discharge.',
      ),
    ],
    'Medication on discharge': [
      bullets(
        'Apixaban 2.5 mg twice daily for 35 days (thromboprophylaxis)',
        'Paracetamol 1 g four times daily',
        'Codeine 30 mg up to four times daily as required, for up to two weeks',
      ),
    ],
    'Follow-up': [
      para(
        `Wound check and removal of clips by the practice nurse at 10–14 days. Orthopaedic clinic in six weeks with an X-ray. ${first} has hip precautions in writing.`,
      ),
    ],
    'Actions for GP': [numbered('Please arrange clip removal at 10–14 days', 'No other actions')],
  }),
};

const REFERRAL: Record<string, Writer> = {
  CAR: (first) => ({
    'Reason for referral': [para('Cardiac rehabilitation after a recent myocardial infarction treated with a stent.')],
    History: [
      para(`${first} is recovering well at home, walking 20 minutes a day without chest pain. Non-smoker. Lives with family, independent.`),
    ],
    'Question for the specialist': [
      para('Please enrol in the phase III exercise programme and advise on a safe return to work as a warehouse supervisor.'),
    ],
  }),
  RES: (first) => ({
    'Reason for referral': [para('Pulmonary rehabilitation for COPD with breathlessness limiting daily activities.')],
    History: [para(`${first} has COPD (FEV1 61% predicted), MRC grade 3, two exacerbations last year. Stopped smoking four years ago.`)],
    'Question for the specialist': [
      para('Is an eight-week supervised programme suitable, and could oxygen saturations on exertion be assessed at the first session?'),
    ],
  }),
  ORT: (first) => ({
    'Reason for referral': [para('Physiotherapy for right knee osteoarthritis.')],
    History: [
      para(
        `${first} has medial compartment osteoarthritis of the right knee with quadriceps wasting; conservative treatment is the plan for the next four months.`,
      ),
    ],
    'Question for the specialist': [
      para('Please provide a strengthening programme and advise whether a medial unloader brace would help.'),
    ],
  }),
};

const BY_TYPE: Record<string, Record<string, Writer>> = { 'Clinic Letter': CLINIC, 'Discharge Summary': DISCHARGE, Referral: REFERRAL };

/** The sections of a demo letter for a job type and Service code (any demo Service when unknown). */
export function demoSections(jobType: string, department: string, first: string): Sections {
  const writers = BY_TYPE[jobType] ?? CLINIC;
  return (writers[department] ?? writers.CAR!)(first);
}

/** The job type's headings, each followed by its content; `upTo` sections filled, the rest left to type. */
export function demoLetter(headings: readonly string[], sections: Sections, upTo = headings.length): LetterNode {
  return {
    type: 'doc',
    content: headings.flatMap((h, i): LetterNode[] => [
      { type: 'heading', attrs: { level: 2 }, content: [t(h)] },
      ...(i < upTo && sections[h]?.length ? sections[h]! : [{ type: 'paragraph' }]),
    ]),
  };
}

/** What a typist asks and an author answers, in the comments. */
export const DEMO_COMMENTS = [
  'Unclear at 1:40 — is it bisoprolol 2.5 mg or 5 mg? Typed 2.5 mg, please check.',
  'Patient name spelled out in the dictation differs from the PAS record; used the PAS spelling.',
  'Drug name inaudible at 0:55, left a note in the medication section.',
  'Please confirm the follow-up interval: the recording says six or eight weeks.',
];
