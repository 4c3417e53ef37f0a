import { createBrowserRouter, type RouteObject } from 'react-router';
import accountStrings from 'virtual:strings/account';
import adminStrings from 'virtual:strings/admin';
import authStrings from 'virtual:strings/auth';
import checkoutStrings from 'virtual:strings/checkout';
import faqStrings from 'virtual:strings/faq';
import guestListStrings from 'virtual:strings/guestList';
import helpStrings from 'virtual:strings/help';
import mailboxStrings from 'virtual:strings/mailbox';
import myWincsStrings from 'virtual:strings/myWincs';
import notFoundStrings from 'virtual:strings/notFound';
import overviewStrings from 'virtual:strings/overview';
import pricingStrings from 'virtual:strings/pricing';
import profileStrings from 'virtual:strings/profile';
import testCheckoutStrings from 'virtual:strings/testCheckout';
import { routePatterns } from '../config/paths.ts';
import { withStrings } from '../lib/i18n.ts';
import { RouteError } from './layout/route-error.tsx';

/**
 * Each page is its own chunk, loaded before the router shows it (the page it leaves stays until then), so
 * the server and the browser render a page the same way: whole, never a fallback.
 *
 * The frame loads with the first page (the server names its chunks in the page, so they arrive with the
 * entry).
 */
const appLayout = async () => {
  const { AppLayout } = await import('./layout/app-layout.tsx');
  return { Component: AppLayout };
};
/** Nothing shows while a frame's code arrives: it comes with the page (see above), so the wait is short. */
const NoFallback = () => null;

/**
 * The URL table (SPEC §2) and the test-mode checkout (DESIGN §1.10). The recipient page (`/c/{id}`, DESIGN
 * §1.5) is not here: it is a page of its own (`web/recipient-main.tsx`), which nothing in the app links to.
 */
export const appRoutes: RouteObject[] = [
  {
    lazy: appLayout,
    // With the entry: the page that says a page's code failed to load cannot itself wait for a load.
    ErrorBoundary: RouteError,
    HydrateFallback: NoFallback,
    children: [
      {
        path: routePatterns.home,
        lazy: () => import('./routes/home.route.tsx').then((m) => ({ Component: m.HomeRoute })),
      },
      {
        path: routePatterns.category,
        lazy: () => import('./routes/category.route.tsx').then((m) => ({ Component: m.CategoryRoute })),
      },
      {
        path: routePatterns.style,
        lazy: () => import('./routes/style.route.tsx').then((m) => ({ Component: m.StyleRoute })),
      },
      {
        path: routePatterns.help,
        lazy: () =>
          withStrings(import('./routes/help.route.tsx'), helpStrings).then((m) => ({
            Component: m.HelpRoute,
          })),
      },
      {
        path: routePatterns.faqs,
        lazy: () =>
          withStrings(import('./routes/faqs.route.tsx'), faqStrings).then((m) => ({
            Component: m.FaqsRoute,
          })),
      },
      {
        path: routePatterns.overview,
        lazy: () =>
          withStrings(import('./routes/overview.route.tsx'), overviewStrings).then((m) => ({
            Component: m.OverviewRoute,
          })),
      },
      {
        path: routePatterns.checkout,
        lazy: () =>
          withStrings(import('./routes/checkout.route.tsx'), checkoutStrings).then((m) => ({
            Component: m.CheckoutRoute,
          })),
      },
      {
        path: routePatterns.admin,
        lazy: () =>
          withStrings(import('./routes/admin.route.tsx'), adminStrings).then((m) => ({
            Component: m.AdminRoute,
          })),
      },
      {
        path: routePatterns.mailbox,
        lazy: () =>
          withStrings(import('./routes/mailbox.route.tsx'), mailboxStrings).then((m) => ({
            Component: m.MailboxRoute,
          })),
      },
      {
        path: routePatterns.signin,
        lazy: () =>
          withStrings(import('./routes/signin.route.tsx'), authStrings).then((m) => ({
            Component: m.SignInRoute,
          })),
      },
      {
        path: routePatterns.signup,
        lazy: () =>
          withStrings(import('./routes/signup.route.tsx'), authStrings).then((m) => ({
            Component: m.SignUpRoute,
          })),
      },
      {
        path: routePatterns.resetPassword,
        lazy: () =>
          withStrings(import('./routes/reset-password.route.tsx'), authStrings).then((m) => ({
            Component: m.ResetPasswordRoute,
          })),
      },
      {
        path: routePatterns.choosePassword,
        lazy: () =>
          withStrings(import('./routes/choose-password.route.tsx'), authStrings).then((m) => ({
            Component: m.ChoosePasswordRoute,
          })),
      },
      {
        path: routePatterns.profile,
        lazy: () =>
          withStrings(import('./routes/profile.route.tsx'), profileStrings).then((m) => ({
            Component: m.ProfileRoute,
          })),
      },
      {
        path: routePatterns.accountInfo,
        lazy: () =>
          withStrings(import('./routes/account-info.route.tsx'), accountStrings).then((m) => ({
            Component: m.AccountInfoRoute,
          })),
      },
      {
        path: routePatterns.myWincs,
        lazy: () =>
          withStrings(import('./routes/my-wincs.route.tsx'), myWincsStrings).then((m) => ({
            Component: m.MyWincsRoute,
          })),
      },
      {
        path: routePatterns.guestList,
        lazy: () =>
          withStrings(import('./routes/guest-list.route.tsx'), guestListStrings).then((m) => ({
            Component: m.GuestListRoute,
          })),
      },
      {
        path: routePatterns.pricing,
        lazy: () =>
          withStrings(import('./routes/pricing.route.tsx'), pricingStrings).then((m) => ({
            Component: m.PricingRoute,
          })),
      },
      {
        path: routePatterns.testCheckout,
        lazy: () =>
          withStrings(import('./routes/test-checkout.route.tsx'), testCheckoutStrings).then((m) => ({
            Component: m.TestCheckoutRoute,
          })),
      },
      {
        path: '*',
        lazy: () =>
          withStrings(import('./routes/not-found.route.tsx'), notFoundStrings).then((m) => ({
            Component: m.NotFoundRoute,
          })),
      },
    ],
  },
];

/** The browser's router over `appRoutes` (the server renders the same table). */
export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
