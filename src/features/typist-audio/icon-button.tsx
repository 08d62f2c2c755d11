import type { ReactNode } from 'react';
import { Button as AriaButton } from 'react-aria-components';

/** A square 44 px transport button (the shared Button's padding is for text and would not fit a phone row). */
export function IconButton({
  label,
  onPress,
  primary,
  children,
}: {
  label: string;
  onPress: () => void;
  primary?: boolean;
  children: ReactNode;
}) {
  const tone = primary
    ? 'bg-brand-600 text-white hover:bg-brand-700 data-[pressed]:bg-brand-800 dark:bg-emerald-600 dark:hover:bg-emerald-700'
    : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <AriaButton
      aria-label={label}
      onPress={onPress}
      className={`inline-flex size-11 items-center justify-center rounded-lg transition ${tone}`}
    >
      {children}
    </AriaButton>
  );
}
