import { Headset } from 'lucide-react';
import { useId } from 'react';
import { SERVICE_DESK_DEFAULT } from '../../../domain/contract/knowledge-base';
import type { UserProfile } from '../../../domain/contract';
import { PAGE_MESSAGES } from '../../../domain/messages';

const isWebAddress = (s: string) => /^https?:\/\/[^\s]+$/i.test(s.trim());
const LINK = 'font-medium text-brand-700 underline underline-offset-2 dark:text-sky-300';

/**
 * Where to get more help: the site's support link and e-mail (spec §3 site.support_link, support_email),
 * or, when the site has neither, the service desk (spec §9; its address is SERVICE_DESK_DEFAULT).
 */
export function SupportBox({ site }: { site: UserProfile['site'] }) {
  const link = site.support_link?.trim() || null;
  const email = site.support_email?.trim() || null;
  const own = link !== null || email !== null;
  const titleId = useId();
  return (
    <aside
      aria-labelledby={titleId}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <Headset aria-hidden className="size-5 text-brand-700 dark:text-sky-300" />
        {PAGE_MESSAGES.kbHelpTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {own ? PAGE_MESSAGES.kbHelpSite(site.name) : PAGE_MESSAGES.kbHelpDefault}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {own ? (
          <>
            {link && (
              <li>
                {isWebAddress(link) ? (
                  <a href={link} target="_blank" rel="noopener noreferrer" className={LINK}>
                    {link}
                  </a>
                ) : (
                  link
                )}
              </li>
            )}
            {email && (
              <li>
                <a href={`mailto:${email}`} className={LINK}>
                  {email}
                </a>
              </li>
            )}
          </>
        ) : (
          <li>
            {SERVICE_DESK_DEFAULT.name}:{' '}
            <a href={`mailto:${SERVICE_DESK_DEFAULT.email}`} className={LINK}>
              {SERVICE_DESK_DEFAULT.email}
            </a>
          </li>
        )}
      </ul>
    </aside>
  );
}
