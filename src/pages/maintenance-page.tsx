import { MESSAGES } from '../domain/messages';
import { Button } from '../components/ui/button';
import { CardPage } from '../components/ui/page';

/** Spec §8: any 503 comes here. Recordings and queued work stay safe on the device meanwhile. */
export function MaintenancePage() {
  return (
    <CardPage title="Down for maintenance">
      <p className="text-slate-700 dark:text-slate-300">{MESSAGES.maintenance}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Anything you recorded or saved on this device is kept and will be sent when Wardnote is back.
      </p>
      <Button className="mt-6 w-full" onPress={() => window.location.assign('/')}>
        Try again
      </Button>
    </CardPage>
  );
}
