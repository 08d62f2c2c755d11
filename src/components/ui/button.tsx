import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps } from 'react-aria-components';

type Tone = 'primary' | 'secondary' | 'danger' | 'ghost';

const TONES: Record<Tone, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 data-[pressed]:bg-brand-800 dark:bg-emerald-600 dark:hover:bg-emerald-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
};

export function Button({
  tone = 'primary',
  className,
  ...props
}: ButtonProps & { tone?: Tone; className?: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    <AriaButton
      {...props}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${TONES[tone]} ${className ?? ''}`}
    />
  );
}
