export { AttachmentsTab } from './attachments-tab';
