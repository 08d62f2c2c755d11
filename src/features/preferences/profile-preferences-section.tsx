import { useRef, useState } from 'react';
import { toast } from 'sonner';
import type { PreferenceUpdate, UserProfile } from '../../domain/contract';
import { HOME_TABS, statusLabel, type HomeTab } from '../../domain/statuses';
import { checkSettingValue } from '../../domain/settings-inheritance';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LeaveGuard, useFocusFirstError } from '../../components/ui/leave-guard';
import { useSavePreference } from './api/use-save-preference';
import { InheritedNote, isOwnValue, useInheritedSetting } from './inherited-note';

const FIELD =
  'min-h-11 max-w-64 rounded-lg border border-slate-300 bg-white px-3 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 disabled:text-slate-600 dark:border-slate-600 dark:bg-slate-900 dark:disabled:bg-slate-800';

/**
 * The profile's own choices (spec §3 `preferences.profile`): the list a session opens on (status),
 * speech recognition for new recording tabs, and the AI scribe's number of speakers (spec §5: a single
 * digit from 1 to 8). Speech recognition and speakers inherit from the site or trust: each says where its
 * value comes from, a changed one is in bold, and a locked one cannot be changed. Only what the user
 * changed is saved, so an inherited value stays inherited.
 */
export function ProfilePreferencesSection({ profile }: { profile: UserProfile }) {
  const saved = profile.preferences.profile;
  const sr = useInheritedSetting('speech_recognition');
  const speakers = useInheritedSetting('number_of_speakers');
  const [status, setStatus] = useState<HomeTab | ''>(saved.status ?? '');
  const [useSr, setUseSr] = useState(saved.speech_recognition ?? false);
  const [digit, setDigit] = useState(String(saved.scribe_assist?.number_of_speakers ?? 2));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { save, saving, error } = useSavePreference(profile.id);
  useFocusFirstError(form, fieldError ? { number_of_speakers: [fieldError] } : {});

  const changes: PreferenceUpdate['profile'] = {};
  if (status && status !== saved.status) changes.status = status;
  if (!sr?.locked && useSr !== (saved.speech_recognition ?? false)) changes.speech_recognition = useSr;
  if (!speakers?.locked && digit !== String(saved.scribe_assist?.number_of_speakers ?? 2)) {
    const n = Number(digit);
    if (Number.isInteger(n)) changes.scribe_assist = { number_of_speakers: n };
  }
  const dirty = Object.keys(changes).length > 0 || digit !== String(saved.scribe_assist?.number_of_speakers ?? 2);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!speakers?.locked) {
      const checked = checkSettingValue('number_of_speakers', digit);
      setFieldError(checked.ok ? null : checked.message);
      if (!checked.ok) return;
    }
    if (!Object.keys(changes).length) return;
    save(changes, () => toast.success('Preferences saved.'));
  };

  return (
    <section
      aria-labelledby="profile-preferences-title"
      className="max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="profile-preferences-title" className="text-lg font-semibold">
        Dictation and AI scribe
      </h2>
      <form ref={form} onSubmit={submit} noValidate className="mt-3 flex flex-col gap-4">
        <LeaveGuard dirty={dirty && !saving} />
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">Open the work queue on</span>
          <select value={status} onChange={(e) => setStatus(e.target.value as HomeTab)} className={FIELD}>
            {!saved.status && <option value="">The usual list for my role</option>}
            {HOME_TABS.map((t) => (
              <option key={t} value={t}>
                {statusLabel(t)}
              </option>
            ))}
          </select>
        </label>

        <div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={sr?.locked ? sr.value === true : useSr}
              disabled={sr?.locked}
              aria-describedby="pref-sr-source"
              onChange={(e) => setUseSr(e.target.checked)}
            />
            <span className={isOwnValue(sr) ? 'font-bold' : 'font-medium'}>Use speech recognition for new recording tabs</span>
          </label>
          <InheritedNote id="pref-sr-source" setting={sr} userId={profile.id} />
        </div>

        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="pref-speakers" className={isOwnValue(speakers) ? 'font-bold' : 'font-medium'}>
            Number of speakers in a consultation
          </label>
          <input
            id="pref-speakers"
            name="number_of_speakers"
            inputMode="numeric"
            maxLength={1}
            value={speakers?.locked ? String(speakers.value) : digit}
            disabled={speakers?.locked}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`pref-speakers-hint${fieldError ? ' pref-speakers-error' : ''} pref-speakers-source`}
            onChange={(e) => setDigit(e.target.value.trim())}
            className={`${FIELD} w-20`}
          />
          <span id="pref-speakers-hint" className="text-xs text-slate-600 dark:text-slate-400">
            A single digit from 1 to 8.
          </span>
          {fieldError && (
            <span id="pref-speakers-error" className="text-sm text-red-700 dark:text-red-300">
              {fieldError}
            </span>
          )}
          <InheritedNote id="pref-speakers-source" setting={speakers} userId={profile.id} />
        </div>

        {error && <Alert>{error}</Alert>}
        <div>
          <Button type="submit" isDisabled={saving}>
            Save preferences
          </Button>
        </div>
      </form>
    </section>
  );
}
