import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken } from './recording';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

export const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

/**
 * A letter without audio for the demo patient Arthur PENROSE (Cardiology, Clinic Letter, the demo
 * author's), started as a manual letter by the typist whose token is given, with these paragraphs typed.
 */
export async function typedManualLetter(
  request: APIRequestContext,
  token: string,
  paragraphs: ReturnType<typeof para>[],
  /** Another patient than Arthur PENROSE (one the index does not know, say). */
  patient?: Record<string, string>,
): Promise<{ id: number; reference: string }> {
  const options = (
    (await (await request.get('/api/dictation-options', auth(token))).json()) as {
      data: { departments: { id: number; name: string }[]; job_types: { id: number; name: string }[] };
    }
  ).data;
  const authorToken = await apiToken(request, 'author@wardnote.test');
  const author = ((await (await request.get('/api/user', auth(authorToken))).json()) as { data: { id: number } }).data;
  const res = await request.post('/api/dictation/manual', {
    ...auth(token),
    data: {
      author_id: author.id,
      department_id: options.departments.find((d) => d.name === 'Cardiology')!.id,
      job_type_id: options.job_types.find((j) => j.name === 'Clinic Letter')!.id,
      patient: patient ?? {
        patient_first_name: 'Arthur',
        patient_last_name: 'PENROSE',
        patient_nhs_id: '9434765919',
        patient_birthdate: '1950-11-22',
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const made = ((await res.json()) as { data: { id: number; reference: string } }).data;
  const saved = await request.put(`/api/dictation/${made.id}/letter`, {
    ...auth(token),
    data: { doc: { type: 'doc', content: paragraphs }, base_version: 0 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return { id: made.id, reference: made.reference };
}
