export { SyncStatus } from './components/sync-status';
export { WaitingOnDevice, WAITING_ON_DEVICE_TITLE } from './components/waiting-on-device';
export { announceQueued, type QueuedWords } from './announce-queued';
