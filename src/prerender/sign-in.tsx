/**
 * The sign-in page as static HTML, rendered at build time from the app's own LoginPage (so the two can
 * never differ) and put by the server into /login's page (issue 8: the form is on screen before the
 * JavaScript arrives). Runs in Node through scripts/prerender-sign-in.ts, which stubs what the browser
 * modules touch on import. Ids are prefixed so none equals the app's, and the button is disabled until
 * the app takes the form over (src/features/auth/prerendered-sign-in.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/components/login-page';
import { PRERENDERED_SIGN_IN_ID } from '../features/auth/prerendered-sign-in';

export async function signInMarkup(): Promise<string> {
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/login', component: LoginPage }),
    createRoute({ getParentRoute: () => root, path: '/password/forgot' }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/login'] }), isServer: true });
  await router.load();
  const html = renderToStaticMarkup(<RouterProvider router={router} />, { identifierPrefix: 'pre-' });
  return withDisabledSubmit(html.replaceAll('"page-title"', '"pre-page-title"'));
}

/**
 * The submit button disabled (looking as it will once enabled): a click before the app runs does nothing.
 * The first field takes the focus as the page loads (the app then keeps wherever the user is).
 */
export function withDisabledSubmit(html: string): string {
  const out = html.replace('<input ', '<input autofocus="" ').replace(/<button type="submit" class="([^"]*)"/, (_, cls: string) => {
    const look = cls.replace(/\s*disabled:\S+/g, '');
    return `<button type="submit" disabled="" class="${look}"`;
  });
  if (out === html) throw new Error('The sign-in page has no submit button to disable: check LoginPage');
  return `<div id="${PRERENDERED_SIGN_IN_ID}">${out}</div>`;
}
