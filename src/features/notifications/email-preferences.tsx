import { useState } from 'react';
import { toast } from 'sonner';
import type { UserProfile } from '../../domain/contract';
import { satisfies, RULES } from '../../domain/access';
import { InheritedNote, isOwnValue, useInheritedSetting, useSavePreference } from '../preferences';
import { useSession } from '../../lib/auth/use-session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

type Choice = { sent: boolean; author_approval: boolean; new_task: boolean };

const OPTIONS: { key: keyof Choice; label: string }[] = [
  { key: 'sent', label: 'Letters sent' },
  { key: 'author_approval', label: 'Letters waiting for my approval' },
  { key: 'new_task', label: 'Dictations assigned to me for typing' },
];

/**
 * Notification settings (spec §3): e-mails on letters sent, on author approval waiting and on
 * assignment for transcription, gathered into one e-mail every few minutes. For the bell's roles.
 */
export function EmailNotificationPreferences() {
  const { profile, subject } = useSession();
  if (!profile || !subject || !satisfies(subject, RULES.notificationBell)) return null;
  return <EmailChoices key={profile.id} profile={profile} />;
}

function EmailChoices({ profile }: { profile: UserProfile }) {
  const saved = profile.preferences.profile.email_notifications ?? {};
  const [choice, setChoice] = useState<Choice>({
    sent: saved.sent ?? false,
    author_approval: saved.author_approval ?? false,
    new_task: saved.new_task ?? false,
  });
  const { save: savePreference, saving, error } = useSavePreference(profile.id, 'The settings could not be saved. Try again.');
  const inherited = useInheritedSetting('email_notifications');
  const locked = inherited?.locked ?? false;
  const shown: Choice = locked ? (inherited!.value as Choice) : choice;
  const save = () => savePreference({ email_notifications: choice }, () => toast.success('E-mail notification settings saved.'));

  return (
    <section
      aria-labelledby="email-notifications-title"
      className="mb-4 max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="email-notifications-title" className="text-lg font-semibold">
        E-mail notifications
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Sent together at most every few minutes. They never name a patient.</p>
      <fieldset className="mt-3" disabled={locked} aria-describedby="email-source">
        <legend className={`text-sm ${isOwnValue(inherited) ? 'font-bold' : 'font-medium'}`}>E-mail me about</legend>
        {OPTIONS.map((o) => (
          <label key={o.key} className="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={shown[o.key]}
              onChange={(e) => setChoice((c) => ({ ...c, [o.key]: e.target.checked }))}
              className="size-4"
            />
            {o.label}
          </label>
        ))}
        <InheritedNote id="email-source" setting={inherited} userId={profile.id} />
      </fieldset>
      {error && (
        <div className="mt-3">
          <Alert>{error}</Alert>
        </div>
      )}
      <Button className="mt-4" isDisabled={saving || locked} onPress={save}>
        Save e-mail settings
      </Button>
    </section>
  );
}
