import { useState } from 'react';
import { toast } from 'sonner';
import type { UserProfile } from '../../domain/contract';
import { AUTO_REWIND_MAX_SECONDS, autoRewindSeconds } from '../../domain/auto-rewind';
import { DEFAULT_FOOTPEDAL_MODE, type FootpedalMode } from '../../domain/foot-pedal';
import { InheritedNote, isOwnValue, useInheritedSetting, useSavePreference } from '../preferences';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';

const MODES: { value: FootpedalMode; label: string; hint: string }[] = [
  { value: 'basic', label: 'Basic', hint: 'Hold the play pedal to listen; let go to stop.' },
  { value: 'advanced', label: 'Advanced', hint: 'Press the play pedal once to start and once more to stop.' },
];

/**
 * The player's preferences (issue 11): foot pedal mode (spec §3 `footpedal_mode`, default basic) and
 * auto-rewind seconds, saved in the profile so every device plays the same way.
 */
export function PlaybackPreferences({ profile }: { profile: UserProfile }) {
  const saved = profile.preferences.profile;
  const [mode, setMode] = useState<FootpedalMode>(saved.footpedal_mode ?? DEFAULT_FOOTPEDAL_MODE);
  const [rewind, setRewind] = useState(autoRewindSeconds(saved.auto_rewind_seconds));
  const pedal = useInheritedSetting('footpedal_mode');
  const rewinding = useInheritedSetting('auto_rewind_seconds');
  const { save: savePreference, saving, error } = useSavePreference(profile.id, 'The preferences could not be saved. Try again.');
  // Only what changed is saved (an inherited value stays inherited); a locked one is never sent.
  const save = () => {
    const changes: { footpedal_mode?: FootpedalMode; auto_rewind_seconds?: number } = {};
    if (!pedal?.locked && mode !== (saved.footpedal_mode ?? DEFAULT_FOOTPEDAL_MODE)) changes.footpedal_mode = mode;
    if (!rewinding?.locked && rewind !== autoRewindSeconds(saved.auto_rewind_seconds)) changes.auto_rewind_seconds = rewind;
    if (!Object.keys(changes).length) return void toast.success('Playback preferences saved.');
    savePreference(changes, () => toast.success('Playback preferences saved.'));
  };

  return (
    <section
      aria-labelledby="playback-title"
      className="max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="playback-title" className="text-lg font-semibold">
        Playing dictations
      </h2>
      <fieldset className="mt-3" disabled={pedal?.locked} aria-describedby="pedal-source">
        <legend className={`text-sm ${isOwnValue(pedal) ? 'font-bold' : 'font-medium'}`}>Foot pedal mode</legend>
        {MODES.map((m) => (
          <label key={m.value} className="mt-2 flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="footpedal_mode"
              value={m.value}
              checked={mode === m.value}
              onChange={() => setMode(m.value)}
              className="mt-0.5 size-4"
            />
            <span>
              <span className="font-medium">{m.label}</span>: {m.hint}
            </span>
          </label>
        ))}
        <InheritedNote id="pedal-source" setting={pedal} userId={profile.id} />
      </fieldset>
      <label className="mt-4 flex flex-col gap-1 text-sm">
        <span className={isOwnValue(rewinding) ? 'font-bold' : 'font-medium'}>Auto-rewind when playback resumes</span>
        <select
          value={rewinding?.locked ? autoRewindSeconds(rewinding.value as number) : rewind}
          disabled={rewinding?.locked}
          aria-describedby="rewind-hint rewind-source"
          onChange={(e) => setRewind(Number(e.target.value))}
          className="min-h-11 max-w-48 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-600 dark:bg-slate-900"
        >
          {Array.from({ length: AUTO_REWIND_MAX_SECONDS + 1 }, (_, s) => (
            <option key={s} value={s}>
              {s === 0 ? 'Off' : s === 1 ? '1 second' : `${s} seconds`}
            </option>
          ))}
        </select>
        <span id="rewind-hint" className="text-xs text-slate-600 dark:text-slate-400">
          Goes back this far each time you play again after a pause.
        </span>
      </label>
      <InheritedNote id="rewind-source" setting={rewinding} userId={profile.id} />
      {error && (
        <div className="mt-3">
          <Alert>{error}</Alert>
        </div>
      )}
      <Button className="mt-4" onPress={save} isDisabled={saving}>
        Save playback preferences
      </Button>
    </section>
  );
}
