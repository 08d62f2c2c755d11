import { useState } from 'react';
import { Lock } from 'lucide-react';
import { toast } from 'sonner';
import type { LevelSettings, ResolvedSettingAnswer } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { LIST_COLUMNS } from '../../domain/list-columns';
import { checkSettingValue, SETTING_BY_KEY, type SettingDef, type SettingLevel } from '../../domain/settings-inheritance';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { HttpError } from '../../lib/api/errors';
import { useChangeSetting, useLevelSettings } from './api';

const FIELD =
  'min-h-11 rounded-lg border border-slate-300 bg-white px-3 aria-[invalid=true]:border-red-600 disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:disabled:bg-slate-800';

const words = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/_/g, ' ');

/** A value in words: "On", "3 seconds", "6 columns", "Letters sent, Assigned for typing". */
export function settingValueText(def: SettingDef, value: unknown): string {
  switch (def.kind) {
    case 'boolean':
      return value ? 'On' : 'Off';
    case 'footpedal':
      return words(String(value));
    case 'seconds':
      return value === 0 ? 'Off' : `${String(value)} second${value === 1 ? '' : 's'}`;
    case 'digit':
      return String(value);
    case 'days':
      return value === null ? 'As long as the trust keeps them' : `${String(value)} days`;
    case 'columns':
      return `${(value as string[]).length} columns`;
    case 'email': {
      const v = value as Record<string, boolean>;
      const on = EMAIL.filter((e) => v[e.key]).map((e) => e.label);
      return on.length ? on.join(', ') : 'None';
    }
  }
}

const EMAIL = [
  { key: 'sent', label: 'Letters sent' },
  { key: 'author_approval', label: 'Waiting for approval' },
  { key: 'new_task', label: 'Assigned for typing' },
] as const;

/**
 * The settings that inherit, at one level (issue 25): for each setting this level may hold, its effective
 * value and where it comes from; a control to set it here, a way back to the level above, and a lock so the
 * levels below cannot change it. A setting a level above locked shows who locked it and cannot be changed.
 */
export function InheritedSettingsSection({ scope, id }: { scope: SettingLevel; id: number }) {
  const q = useLevelSettings(scope, id);
  return (
    <section
      aria-labelledby="inherited-settings-title"
      className="max-w-3xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="inherited-settings-title" className="text-lg font-semibold">
        {PAGE_MESSAGES.settingsTitle}
      </h2>
      {q.error ? (
        <div className="mt-3">
          <Alert>{q.error instanceof HttpError ? q.error.message : PAGE_MESSAGES.settingsLoadFailed}</Alert>
        </div>
      ) : q.data ? (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.settingsIntro(q.data.name)}</p>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" aria-label={PAGE_MESSAGES.settingsTitle}>
            {q.data.settings
              .filter((s) => SETTING_BY_KEY[s.key].levels.includes(scope))
              .map((s) => (
                <SettingRow key={s.key} level={q.data} setting={s} />
              ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 text-sm">Loading…</p>
      )}
    </section>
  );
}

function SettingRow({ level, setting }: { level: LevelSettings; setting: ResolvedSettingAnswer }) {
  const def = SETTING_BY_KEY[setting.key];
  const change = useChangeSetting(level.scope, level.id);
  const [draft, setDraft] = useState<unknown>(setting.held?.value ?? setting.value);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const heldHere = setting.held !== null;
  const lockedHere = setting.held?.locked ?? false;
  const base = `setting-${setting.key}`;
  const disabled = setting.locked || change.isPending;

  const refused = (err: Error) =>
    setFieldError(err instanceof HttpError ? (err.fields.value?.[0] ?? err.message) : PAGE_MESSAGES.settingSaveFailed);
  const put = (value: unknown, locked: boolean, done: string) => {
    const checked = checkSettingValue(setting.key, value);
    if (!checked.ok) return setFieldError(checked.message);
    setFieldError(null);
    change.mutate(
      { key: setting.key, put: { value: checked.value as never, locked } },
      { onSuccess: () => toast.success(done), onError: refused },
    );
  };
  const clear = () => {
    setFieldError(null);
    change.mutate(
      { key: setting.key, clear: true },
      {
        onSuccess: (answer) => {
          const now = answer.settings.find((s) => s.key === setting.key);
          setDraft(now?.value);
          toast.success(PAGE_MESSAGES.settingCleared(def.label));
        },
        onError: refused,
      },
    );
  };

  return (
    <li className="py-3" data-testid={base}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${base}-label`} className={`text-sm ${heldHere ? 'font-bold' : 'font-medium'}`}>
          {def.label}
        </h3>
        <p className="text-sm">
          <span className={heldHere ? 'font-bold' : ''}>{settingValueText(def, setting.value)}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">({setting.source_text})</span>
        </p>
      </div>
      <p id={`${base}-description`} className="text-xs text-slate-600 dark:text-slate-400">
        {def.description}
      </p>
      {setting.locked ? (
        <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-900 dark:text-amber-200">
          <Lock aria-hidden className="size-4" />
          {PAGE_MESSAGES.settingLockedHint(setting.locked_by?.name ?? '')}
        </p>
      ) : (
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <ValueControl def={def} base={base} value={draft} onChange={setDraft} invalid={!!fieldError} disabled={disabled} />
          <Button tone="secondary" isDisabled={disabled} onPress={() => put(draft, lockedHere, PAGE_MESSAGES.settingSaved(def.label))}>
            Save
          </Button>
          {level.scope !== 'user' && (
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={lockedHere}
                disabled={disabled}
                aria-describedby={`${base}-lock-hint`}
                onChange={(e) =>
                  put(
                    draft,
                    e.target.checked,
                    e.target.checked ? PAGE_MESSAGES.settingLockedNow(def.label) : PAGE_MESSAGES.settingUnlockedNow(def.label),
                  )
                }
              />
              <Lock aria-hidden className="size-4" /> Lock {def.label.toLowerCase()}
              <span id={`${base}-lock-hint`} className="sr-only">
                Lower levels cannot change a locked setting.
              </span>
            </label>
          )}
          {heldHere && (
            <Button tone="secondary" isDisabled={disabled} onPress={clear}>
              {level.scope === 'trust' ? PAGE_MESSAGES.settingClearToDefault : PAGE_MESSAGES.settingClear}
            </Button>
          )}
        </div>
      )}
      {fieldError && (
        <p id={`${base}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {fieldError}
        </p>
      )}
    </li>
  );
}

function ValueControl({
  def,
  base,
  value,
  onChange,
  invalid,
  disabled,
}: {
  def: SettingDef;
  base: string;
  value: unknown;
  onChange: (v: unknown) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const common = {
    id: `${base}-value`,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': `${base}-description${invalid ? ` ${base}-error` : ''}`,
  };
  const label = (
    <label htmlFor={`${base}-value`} className="sr-only">
      {def.label}
    </label>
  );
  switch (def.kind) {
    case 'boolean':
      return (
        <span>
          {label}
          <select {...common} className={FIELD} value={value ? 'on' : 'off'} onChange={(e) => onChange(e.target.value === 'on')}>
            <option value="on">On</option>
            <option value="off">Off</option>
          </select>
        </span>
      );
    case 'footpedal':
      return (
        <span>
          {label}
          <select {...common} className={FIELD} value={String(value)} onChange={(e) => onChange(e.target.value)}>
            <option value="basic">Basic</option>
            <option value="advanced">Advanced</option>
          </select>
        </span>
      );
    case 'seconds':
      return (
        <span>
          {label}
          <select {...common} className={FIELD} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
            {Array.from({ length: 11 }, (_, s) => (
              <option key={s} value={s}>
                {s === 0 ? 'Off' : `${s} second${s === 1 ? '' : 's'}`}
              </option>
            ))}
          </select>
        </span>
      );
    case 'digit':
      return (
        <span>
          {label}
          <input
            {...common}
            className={`${FIELD} w-20`}
            inputMode="numeric"
            maxLength={1}
            value={String(value ?? '')}
            onChange={(e) => onChange(e.target.value.trim())}
          />
        </span>
      );
    case 'days':
      return (
        <span>
          {label}
          <input
            {...common}
            className={`${FIELD} w-32`}
            inputMode="numeric"
            value={value === null || value === undefined ? '' : String(value)}
            onChange={(e) => onChange(e.target.value.trim() === '' ? null : Number(e.target.value))}
          />
        </span>
      );
    case 'email': {
      const v = (value ?? {}) as Record<string, boolean>;
      return (
        <fieldset disabled={disabled} aria-describedby={`${base}-description`} className="flex flex-wrap gap-3">
          <legend className="sr-only">{def.label}</legend>
          {EMAIL.map((e) => (
            <label key={e.key} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={!!v[e.key]}
                onChange={(ev) => onChange({ ...v, [e.key]: ev.target.checked })}
              />
              {e.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'columns': {
      const chosen = new Set((value ?? []) as string[]);
      return (
        <details className="text-sm">
          <summary className="min-h-11 cursor-pointer py-2">Choose columns ({chosen.size})</summary>
          <fieldset disabled={disabled} aria-describedby={`${base}-description`} className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            <legend className="sr-only">{def.label}</legend>
            {LIST_COLUMNS.map((c) => (
              <label key={c} className="flex min-h-9 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={chosen.has(c)}
                  onChange={(e) => onChange(LIST_COLUMNS.filter((x) => (x === c ? e.target.checked : chosen.has(x))))}
                />
                {words(c)}
              </label>
            ))}
          </fieldset>
        </details>
      );
    }
  }
}
