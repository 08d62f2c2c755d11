import { useState, type FormEvent } from 'react';
import { Form, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Search } from 'lucide-react';
import { patientSearchQuerySchema, type PatientSearch } from '../../domain/contract';
import { formatNhsNumber } from '../../domain/nhs-number';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';

export type SearchWay = 'nhs' | 'mrn' | 'name';

const TAB =
  'cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-700 outline-none data-[selected]:bg-brand-600 data-[selected]:text-white data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600 dark:text-slate-200 dark:data-[selected]:bg-emerald-600';

const BLANK: Record<SearchWay, string> = {
  nhs: 'Enter the NHS number.',
  mrn: 'Enter the hospital number.',
  name: 'Enter the surname and the date of birth.',
};

interface Props {
  /** Errors the server gave for the last search, by field (422). */
  serverErrors: Record<string, string[]>;
  disabled: boolean;
  onSearch: (search: PatientSearch) => void;
  /** Prefills the NHS number (the one already on the form or the dictation). */
  nhsNumber?: string;
}

/** The three ways to find a patient (spec §9 "P find patient"): NHS number, hospital number, or surname and date of birth. */
export function PatientSearchForm({ serverErrors, disabled, onSearch, nhsNumber }: Props) {
  const [way, setWay] = useState<SearchWay>('nhs');
  const [values, setValues] = useState({ nhs_number: nhsNumber ? formatNhsNumber(nhsNumber) : '', mrn: '', family: '', birthdate: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (key: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [key]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const asked =
      way === 'nhs'
        ? { nhs_number: values.nhs_number }
        : way === 'mrn'
          ? { mrn: values.mrn }
          : { family: values.family, birthdate: values.birthdate };
    if (Object.values(asked).every((v) => !v.trim())) {
      const [key] = Object.keys(asked);
      setErrors({ [key!]: [BLANK[way]] });
      return;
    }
    const parsed = patientSearchQuerySchema.safeParse(asked);
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.length ? String(issue.path[0]) : '_';
        (found[key] ??= []).push(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSearch(parsed.data);
  };

  const shown = Object.keys(errors).length ? errors : serverErrors;
  const formError = shown._?.[0];

  return (
    <Tabs selectedKey={way} onSelectionChange={(k) => setWay(k as SearchWay)}>
      <TabList aria-label="Find the patient by" className="mb-3 flex flex-wrap gap-1">
        <Tab id="nhs" className={TAB}>
          NHS number
        </Tab>
        <Tab id="mrn" className={TAB}>
          Hospital number
        </Tab>
        <Tab id="name" className={TAB}>
          Surname and date of birth
        </Tab>
      </TabList>
      <Form onSubmit={submit} validationErrors={shown} validationBehavior="aria" className="flex flex-col gap-3">
        <TabPanel id="nhs" className="outline-none">
          <TextField
            name="nhs_number"
            label="NHS number"
            description="10 digits, e.g. 943 476 5919"
            inputMode="numeric"
            autoFocus
            value={values.nhs_number}
            onChange={set('nhs_number')}
          />
        </TabPanel>
        <TabPanel id="mrn" className="outline-none">
          <TextField name="mrn" label="Hospital number (MRN)" autoFocus value={values.mrn} onChange={set('mrn')} />
        </TabPanel>
        <TabPanel id="name" className="grid gap-3 outline-none sm:grid-cols-2">
          <TextField name="family" label="Surname" autoFocus value={values.family} onChange={set('family')} />
          <TextField name="birthdate" label="Date of birth" type="date" value={values.birthdate} onChange={set('birthdate')} />
        </TabPanel>
        {formError && <Alert>{formError}</Alert>}
        <div>
          <Button type="submit" isDisabled={disabled}>
            <Search aria-hidden className="size-4" />
            Search
          </Button>
        </div>
      </Form>
    </Tabs>
  );
}
