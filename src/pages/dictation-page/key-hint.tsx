import type { ReactNode } from 'react';

/**
 * A keyboard shortcut shown beside a command ("(Ctrl+Space)"): only where a keyboard is likely, i.e. not
 * where the primary pointer is a finger or there is no hover (a phone or tablet: issue 23).
 */
export function KeyHint({ children }: { children: ReactNode }) {
  return <span className="pointer-coarse:hidden [@media(hover:none)]:hidden">{children}</span>;
}
