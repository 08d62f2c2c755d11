import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps } from 'react-aria-components';

interface Props extends Omit<TextFieldProps, 'children'> {
  label: string;
  description?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  placeholder?: string;
}

export function TextField({ label, description, inputMode, placeholder, ...props }: Props) {
  return (
    <AriaTextField {...props} className="flex flex-col gap-1">
      {({ isInvalid }) => (
        <>
          <Label className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</Label>
          <Input
            inputMode={inputMode}
            placeholder={placeholder}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 data-[invalid]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
          {/* The field's error takes the hint's place: a rule broken is said once, in red (issue 23). */}
          {description && !isInvalid && (
            <Text slot="description" className="text-xs text-slate-600 dark:text-slate-400">
              {description}
            </Text>
          )}
          <FieldError className="text-sm text-red-700 dark:text-red-400" />
        </>
      )}
    </AriaTextField>
  );
}
