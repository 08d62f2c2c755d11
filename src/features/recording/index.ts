/**
 * What other features use of recording. Small on purpose: pages are imported by their routes from
 * components/, so nothing here pulls the recorder, wavesurfer or the audio editing code along.
 */
export { RecordingTabBar } from './components/recording-tab-bar';
