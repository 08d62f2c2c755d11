import type { QueryClient } from '@tanstack/react-query';
import { PAGE_MESSAGES } from '../../domain/messages';
import { firstRecipientProblem, recipientProblems } from '../../domain/recipient-entries';
import { recipientsDraft } from './draft-store';
import { recipientsForCheck } from './api/recipients';

/**
 * Why Approve must wait, in words naming the recipient (issue 13: an error before approval, not after),
 * or null. Unsaved changes in the editor count too. When the server cannot be reached and nothing is
 * cached, the server's own check refuses the queued approval instead.
 */
export async function recipientsApprovalProblem(client: QueryClient, dictationId: number): Promise<string | null> {
  if (recipientsDraft(dictationId)) return PAGE_MESSAGES.recipientsUnsaved;
  const answer = await recipientsForCheck(client, dictationId);
  if (!answer) return null;
  const problem = firstRecipientProblem(answer, { meshConfigured: answer.mesh.configured, meshReason: answer.mesh.reason });
  return problem ? PAGE_MESSAGES.recipientsBeforeApproval(problem) : null;
}

/**
 * The same rule when the typist sends the letter on (issue 23): every recipient nothing can reach, in
 * words naming them, as the server's delivery plan finds them. Empty when the server cannot be reached
 * and nothing is cached: the server's own send check refuses the queued send then.
 */
export async function recipientsSendProblems(client: QueryClient, dictationId: number): Promise<string[]> {
  const answer = await recipientsForCheck(client, dictationId);
  if (!answer) return [];
  return recipientProblems(answer, { meshConfigured: answer.mesh.configured, meshReason: answer.mesh.reason });
}
