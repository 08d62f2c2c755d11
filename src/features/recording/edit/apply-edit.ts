import { assembleRecording, deleteRecording, replaceAudio } from '../../../lib/recordings/recording-store';
import { decodeToMono, EDIT_SAMPLE_RATE } from './decode';
import { encodeWav, splice, type EditMode } from './splice';

/**
 * Puts a finished take into the recording at `atMs`. The original stays untouched until the edited
 * audio is written in one transaction; the take is deleted only after that.
 */
export async function applyTake(recordingId: string, takeId: string, atMs: number, mode: EditMode): Promise<void> {
  const [original, take] = await Promise.all([
    decodeToMono(await assembleRecording(recordingId)),
    decodeToMono(await assembleRecording(takeId)),
  ]);
  const edited = splice(original, take, (atMs / 1000) * EDIT_SAMPLE_RATE, mode);
  await replaceAudio(recordingId, encodeWav(edited, EDIT_SAMPLE_RATE), 'audio/wav', Math.round((edited.length / EDIT_SAMPLE_RATE) * 1000));
  await deleteRecording(takeId);
}
