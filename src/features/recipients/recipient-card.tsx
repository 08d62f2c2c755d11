import { useId } from 'react';
import { CHANNEL_LABELS, type ChannelOptions, type DeliveryChannel } from '../../domain/delivery-channel';
import { RECIPIENT_TYPE_LABELS, blankEntry, entryChannel, type RecipientEntry } from '../../domain/recipient-entries';
import { RECIPIENT_TYPES, type Recipient, type RecipientType } from '../../domain/recipients';
import { Button } from '../../components/ui/button';

const INPUT =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const LABEL = 'text-sm font-medium text-slate-700 dark:text-slate-200';

/** Where the copy goes, or why nothing reaches this recipient (shown before approval, not after). */
export function ChannelLine({ entry, opts }: { entry: RecipientEntry; opts: ChannelOptions }) {
  const choice = entryChannel(entry, opts);
  if (!choice.ok) return <p className="text-sm font-medium text-red-700 dark:text-red-400">{choice.reason}</p>;
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <span className="font-medium">Channel:</span> {CHANNEL_LABELS[choice.channel]}
      {choice.note ? ` — ${choice.note}` : ''}
    </p>
  );
}

function Field({ label, value, onChange, type = 'text' }: { label: string; value: string; onChange: (v: string) => void; type?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT} />
    </div>
  );
}

/** The entry's recipient with one of its spec §3 fields changed. */
const withField = (r: Recipient, key: 'id' | 'name' | 'relationship', value: string): Recipient => ({ ...r, [key]: value }) as Recipient;

interface Props {
  entry: RecipientEntry;
  opts: ChannelOptions;
  errors: string[];
  patientId: string;
  moveLabel: string;
  onChange: (e: RecipientEntry) => void;
  onRemove: () => void;
  onMove: () => void;
}

/** One recipient in the editor: who they are (spec §3 by type), how they are reached, and the channel. */
export function RecipientCard({ entry, opts, errors, patientId, moveLabel, onChange, onRemove, onMove }: Props) {
  const ids = { type: useId(), address: useId(), channel: useId() };
  const r = entry.recipient;
  // Any change makes the details this entry's own: they no longer follow the patient index.
  const edit = (patch: Partial<RecipientEntry>) => onChange({ ...entry, ...patch, from_index: false });
  const setRecipient = (key: 'id' | 'name' | 'relationship', value: string) => edit({ recipient: withField(r, key, value) });
  const changeType = (type: RecipientType) => {
    const blank = blankEntry(type, patientId, () => `orp-${crypto.randomUUID().slice(0, 8)}`);
    edit({ recipient: withField(blank.recipient, 'name', r.name), channel: null });
  };
  const channels: DeliveryChannel[] = r.type === 'gp' ? ['gp_electronic', 'print'] : ['email', 'print'];
  const who = r.name || RECIPIENT_TYPE_LABELS[r.type];

  return (
    <li
      className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      aria-label={`${RECIPIENT_TYPE_LABELS[r.type]}: ${who}`}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.type} className={LABEL}>
          Type
        </label>
        <select id={ids.type} value={r.type} onChange={(e) => changeType(e.target.value as RecipientType)} className={INPUT}>
          {RECIPIENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {RECIPIENT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <Field label={r.type === 'gp' ? 'GP or practice name' : 'Name'} value={r.name} onChange={(v) => setRecipient('name', v)} />
      {(r.type === 'nok' || r.type === 'orp') && (
        <Field label="Relationship" value={r.relationship} onChange={(v) => setRecipient('relationship', v)} />
      )}
      {r.type === 'clinician' && <Field label="Clinician code (e.g. GMC number)" value={r.id} onChange={(v) => setRecipient('id', v)} />}
      {r.type === 'gp' && <Field label="ODS code" value={r.id} onChange={(v) => setRecipient('id', v)} />}
      {r.type !== 'gp' && <Field label="E-mail address" type="email" value={entry.email} onChange={(v) => edit({ email: v })} />}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.address} className={LABEL}>
          Postal address (a line each, postcode last)
        </label>
        <textarea
          id={ids.address}
          rows={3}
          value={entry.address_lines.join('\n')}
          onChange={(e) => edit({ address_lines: e.target.value.split('\n') })}
          className={INPUT}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.channel} className={LABEL}>
          Send by
        </label>
        <select
          id={ids.channel}
          value={entry.channel ?? ''}
          onChange={(e) => edit({ channel: (e.target.value || null) as DeliveryChannel | null })}
          className={INPUT}
        >
          <option value="">The best available</option>
          {channels.map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <ChannelLine entry={entry} opts={opts} />
      {entry.from_index && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          From the patient index: the details are checked again when the letter is sent.
        </p>
      )}
      {errors.length > 0 && (
        <ul className="list-disc pl-5 text-sm text-red-700 dark:text-red-400">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button tone="secondary" onPress={onMove}>
          {moveLabel}
        </Button>
        <Button tone="ghost" onPress={onRemove} aria-label={`Remove ${who}`}>
          Remove
        </Button>
      </div>
    </li>
  );
}

/** A recipient as read by someone who may not change them (or after approval). */
export function RecipientSummary({ entry, opts }: { entry: RecipientEntry; opts: ChannelOptions }) {
  const r = entry.recipient;
  return (
    <li className="space-y-1 rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800">
      <p>
        <span className="font-semibold">{r.name}</span> · {RECIPIENT_TYPE_LABELS[r.type]}
        {r.type === 'gp' && r.id ? ` (${r.id})` : ''}
      </p>
      {entry.email && <p className="break-all">{entry.email}</p>}
      {entry.address_lines.length > 0 && <p>{entry.address_lines.join(', ')}</p>}
      <ChannelLine entry={entry} opts={opts} />
    </li>
  );
}
