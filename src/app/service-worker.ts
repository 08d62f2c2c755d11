import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';

/**
 * Registers the worker. A new version is offered, never forced: reloading mid-recording or
 * mid-upload would lose work (PITFALLS 6).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      toast.info('A new version of Wardnote is ready.', {
        id: 'sw-update',
        duration: Infinity,
        action: {
          label: 'Update now',
          onClick: () => {
            // The recorder is loaded only where recording happens: ask it only now.
            void import('../features/recording/recorder-registry').then(({ recorderRegistry }) => {
              if (recorderRegistry.anyActive()) {
                toast.warning('Stop the recording first: updating reloads Wardnote.');
                return;
              }
              void updateSW(true);
            });
          },
        },
      });
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });
}
