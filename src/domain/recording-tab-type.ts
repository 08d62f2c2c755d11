/** Spec §3 "Recording tab" and DESIGN §5; recording-tabs.ts re-exports it. */
export type RecordingTabType = 'record' | 'sr' | 'dmo';

/** sr when the user wants speech recognition and the site has it; dmo for Dragon Medical One; else record. */
export function tabTypeFor(speechRecognition: boolean | undefined, siteSrIntegration: string | null): RecordingTabType {
  if (siteSrIntegration && /dragon|dmo/i.test(siteSrIntegration)) return 'dmo';
  if (speechRecognition && siteSrIntegration) return 'sr';
  return 'record';
}
