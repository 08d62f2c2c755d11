import { variantForHost, type Variant } from '../domain/access';

/** The variant the server chose for this host (meta tag), else the default host rule. */
export function detectVariant(): Variant {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="wardnote-variant"]')?.content;
  if (meta === 'plus' || meta === 'scribe') return meta;
  return variantForHost(window.location.hostname);
}

export const variant: Variant = detectVariant();

export const APP_TITLE = variant === 'scribe' ? 'Wardnote Scribe' : 'Wardnote+';
