import { Lock } from 'lucide-react';
import type { ResolvedSettingAnswer } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import type { SettingKey } from '../../domain/settings-inheritance';
import { useSession } from '../../lib/auth/use-session';
import { Button } from '../../components/ui/button';
import { useClearPreference } from './api/use-save-preference';

/** The signed-in user's resolved setting (value, source, lock), from the profile the server answered. */
export function useInheritedSetting(key: SettingKey): ResolvedSettingAnswer | undefined {
  const { profile } = useSession();
  return profile?.inherited_settings?.find((s) => s.key === key);
}

/** The user's own value, changed from what they would inherit: shown in bold. */
export const isOwnValue = (s: ResolvedSettingAnswer | undefined) => s?.source.level === 'user';

/**
 * Where a preference's value comes from, under its control: "from Demo NHS Foundation Trust", "default",
 * "Your own" (with a way back to the inherited value), or a lock icon with who locked it and why it cannot
 * be changed. `id` is for the control's aria-describedby.
 */
export function InheritedNote({ id, setting, userId }: { id: string; setting: ResolvedSettingAnswer | undefined; userId: number }) {
  const clearing = useClearPreference(userId);
  if (!setting) return null;
  if (setting.locked) {
    const by = setting.locked_by?.name ?? '';
    return (
      <p
        id={id}
        className="mt-1 flex items-start gap-1.5 text-sm text-amber-900 dark:text-amber-200"
        data-testid={`setting-${setting.key}-source`}
      >
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="font-semibold">{PAGE_MESSAGES.settingLockedBy(by)}</span>. {PAGE_MESSAGES.settingLockedNote}
        </span>
      </p>
    );
  }
  if (isOwnValue(setting)) {
    return (
      <div id={id} className="mt-1 flex flex-wrap items-center gap-2 text-sm" data-testid={`setting-${setting.key}-source`}>
        <span className="font-semibold">Your own choice</span>
        <Button tone="secondary" isDisabled={clearing.clearing} onPress={() => clearing.clear(setting.key)}>
          {PAGE_MESSAGES.settingClear}
        </Button>
        {clearing.error && <span className="text-red-700 dark:text-red-300">{clearing.error}</span>}
      </div>
    );
  }
  return (
    <p id={id} className="mt-1 text-sm text-slate-600 dark:text-slate-400" data-testid={`setting-${setting.key}-source`}>
      {setting.source.level === 'default' ? PAGE_MESSAGES.settingDefaultNote : `Inherited ${setting.source_text}`}
    </p>
  );
}
