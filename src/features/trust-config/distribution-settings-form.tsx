import { useState } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'sonner';
import { distributionSettingsInputSchema, STUCK_HOURS_MAX, STUCK_HOURS_MIN, type DistributionSettings } from '../../domain/contract';
import { PAGE_MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useSubmit } from '../../lib/use-submit';
import { useSaveDistributionSettings } from './distribution-settings-api';

/** The limit as typed: empty is "none of its own"; anything but digits is left for the schema to refuse in words. */
const hoursOf = (text: string): number | null => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The trust's e-mail subject tag, ODS code and stuck-letter limit: checked by the shared schema, then saved. */
export function DistributionSettingsForm({ saved }: { saved: DistributionSettings }) {
  const save = useSaveDistributionSettings(saved.trust.id);
  const [tag, setTag] = useState(saved.email_subject_tag);
  const [ods, setOds] = useState(saved.ods_code);
  const [hours, setHours] = useState(saved.stuck_letter_hours === null ? '' : String(saved.stuck_letter_hours));
  const form = useSubmit();

  async function submit() {
    const input = { email_subject_tag: tag, ods_code: ods, stuck_letter_hours: hoursOf(hours) };
    await form.runChecked(distributionSettingsInputSchema, input, async () => {
      const data = await save(input);
      setTag(data.email_subject_tag);
      setOds(data.ods_code);
      setHours(data.stuck_letter_hours === null ? '' : String(data.stuck_letter_hours));
      toast.success(PAGE_MESSAGES.distributionSaved);
    });
  }

  return (
    <Form
      className="flex flex-col gap-4"
      validationErrors={form.fields}
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {form.error && <Alert>{form.error}</Alert>}
      <TextField
        name="email_subject_tag"
        label="E-mail subject tag"
        description="Put first in the subject of letters sent by e-mail, e.g. [secure] for NHSmail encryption. Empty: no tag."
        value={tag}
        onChange={setTag}
      />
      <TextField
        name="ods_code"
        label="Trust ODS code"
        description="The trust’s own code from the NHS Organisation Data Service, e.g. RXX. GP copies go over MESH only with it."
        value={ods}
        onChange={setOds}
      />
      <TextField
        name="stuck_letter_hours"
        label="Stuck-letter limit (hours)"
        inputMode="numeric"
        description={`An approved letter not with every recipient after this long is shown to managers as stuck. ${STUCK_HOURS_MIN} to ${STUCK_HOURS_MAX}; empty: the server’s ${saved.default_stuck_letter_hours} hours.`}
        value={hours}
        onChange={setHours}
      />
      <Button type="submit" className="self-start" isDisabled={form.busy}>
        {form.busy ? 'Saving…' : 'Save'}
      </Button>
    </Form>
  );
}
