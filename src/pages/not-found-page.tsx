import { Link } from '@tanstack/react-router';
import { SIGN_IN_MESSAGES } from '../domain/messages-sign-in';
import { CardPage } from '../components/ui/page';

export function NotFoundPage() {
  return (
    <CardPage title="Page not found">
      <p className="text-slate-700 dark:text-slate-300">{SIGN_IN_MESSAGES.notFound}</p>
      <Link to="/{-$tab}" params={{ tab: undefined }} className="mt-4 inline-block text-brand-700 underline dark:text-sky-300">
        Go to the start page
      </Link>
    </CardPage>
  );
}
