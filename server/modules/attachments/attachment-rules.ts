/** Who may change a dictation's attachments, and what the refusals say. */
import { statusLabel, type DictationStatus } from '../../../src/domain/statuses';
import { MESSAGES } from '../../../src/domain/messages';
import { AppError } from '../../lib/errors';
import type { DictationRow } from '../letters/letters.repository';

/** A SENT dictation's attachments are part of what was sent: nobody adds or removes any. */
export const attachmentsLocked = (d: Pick<DictationRow, 'status'>) => d.status === 'SENT';

export const lockedError = (d: Pick<DictationRow, 'status'>) =>
  new AppError(409, 'attachments_locked', MESSAGES.attachmentLocked(statusLabel(d.status as DictationStatus)));

export const notYoursError = () => new AppError(403, 'attachment_not_yours', MESSAGES.attachmentNotYours);
