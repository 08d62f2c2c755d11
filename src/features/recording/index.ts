export { RecordPage } from './components/record-page';
export { RecordDictationPage } from './components/record-dictation-page';
export { RecordingTabBar } from './components/recording-tab-bar';
export { ensureTab } from './tabs-store';
export { recorderRegistry } from './recorder-registry';
