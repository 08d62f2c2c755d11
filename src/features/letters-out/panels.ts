/** Letters out (issue 13) on screen. Load through lazy(): none of it belongs in the entry bundle. */
export { DeliveryTab } from './delivery-tab';
export { LettersOutPanel } from './letters-out-panel';
