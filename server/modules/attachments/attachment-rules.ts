/** Who may change a dictation's attachments, and what the refusals say. */
import { statusLabel, type DictationStatus } from '../../../src/domain/statuses';
import { appError } from '../../lib/errors';
import type { DictationRow } from '../letters/letters.repository';

/** A SENT dictation's attachments are part of what was sent: nobody adds or removes any. */
export const attachmentsLocked = (d: Pick<DictationRow, 'status'>) => d.status === 'SENT';

export const lockedError = (d: Pick<DictationRow, 'status'>) => appError('attachments_locked', statusLabel(d.status as DictationStatus));

export const notYoursError = () => appError('attachment_not_yours');
