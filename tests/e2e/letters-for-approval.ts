import { expect, type APIRequestContext } from '@playwright/test';
import { para, typedManualLetter } from './manual-letter';

const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/**
 * The secretary (by API token) starts a manual letter for the demo author, types a line and sends it for
 * approval, as another person on another device would. A manual letter, so that the demo's dictations
 * waiting for typing are left for the tests that page through them. Its patient, Arthur PENROSE, is not in
 * the demo's patient index (no address, no e-mail): the send check refuses it without a reason (issue 23),
 * so the secretary sends it anyway, with one — as she would when the author is to sort the recipients out.
 */
/** The secretary's reason for sending a letter whose patient nothing can reach. */
export const SENT_ANYWAY = 'The author will choose how this patient gets the letter.';

export async function sendOneForApproval(request: APIRequestContext, secretary: string): Promise<{ id: number; reference: string }> {
  const made = await typedManualLetter(request, secretary, [para('The echo is normal.')]);
  const sent = await request.post(`/api/dictation/${made.id}/transition`, {
    ...auth(secretary),
    data: { action: 'send_for_approval', base_version: 1, reason: SENT_ANYWAY },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return made;
}
