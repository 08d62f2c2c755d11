import type { PushTransport } from './transport';

/**
 * The FCM adapter's place. FCM is used only when a Firebase project is configured
 * (FIREBASE_SERVICE_ACCOUNT); `firebase-admin` is not installed in this build, so a configured project
 * is reported at start and FCM tokens are answered `failed` ("FCM not configured") without sending.
 * Web Push covers every browser the app supports; installing firebase-admin and sending with
 * `getMessaging().send({ token, data })` here is the whole of the remaining work.
 */
export function createFcmTransport(): PushTransport {
  return {
    name: 'fcm',
    async send() {
      return { kind: 'failed', reason: 'FCM not configured' };
    },
  };
}
