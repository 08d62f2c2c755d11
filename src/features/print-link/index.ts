/** The print link (spec §2 /renderdocument): the button that opens a letter's print view. */
export { PrintLinkButton } from './print-link-button';
