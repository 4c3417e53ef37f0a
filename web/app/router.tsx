import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { routePatterns } from '../config/paths.ts';

// Each page is its own chunk; the layout shows at once and the page streams in (see AppLayout's Suspense).
const HomeRoute = lazy(() => import('./routes/home.route.tsx').then((m) => ({ default: m.HomeRoute })));
const CategoryRoute = lazy(() =>
  import('./routes/category.route.tsx').then((m) => ({ default: m.CategoryRoute })),
);
const StyleRoute = lazy(() => import('./routes/style.route.tsx').then((m) => ({ default: m.StyleRoute })));
const HelpRoute = lazy(() => import('./routes/help.route.tsx').then((m) => ({ default: m.HelpRoute })));
const FaqsRoute = lazy(() => import('./routes/faqs.route.tsx').then((m) => ({ default: m.FaqsRoute })));
const MailboxRoute = lazy(() =>
  import('./routes/mailbox.route.tsx').then((m) => ({ default: m.MailboxRoute })),
);
const SignInRoute = lazy(() => import('./routes/signin.route.tsx').then((m) => ({ default: m.SignInRoute })));
const SignUpRoute = lazy(() => import('./routes/signup.route.tsx').then((m) => ({ default: m.SignUpRoute })));
const ResetPasswordRoute = lazy(() =>
  import('./routes/reset-password.route.tsx').then((m) => ({ default: m.ResetPasswordRoute })),
);
const ProfileRoute = lazy(() =>
  import('./routes/profile.route.tsx').then((m) => ({ default: m.ProfileRoute })),
);
const AccountInfoRoute = lazy(() =>
  import('./routes/account-info.route.tsx').then((m) => ({ default: m.AccountInfoRoute })),
);
const OverviewRoute = lazy(() =>
  import('./routes/overview.route.tsx').then((m) => ({ default: m.OverviewRoute })),
);
const CheckoutRoute = lazy(() =>
  import('./routes/checkout.route.tsx').then((m) => ({ default: m.CheckoutRoute })),
);
const RecipientCardRoute = lazy(() =>
  import('./routes/recipient-card.route.tsx').then((m) => ({ default: m.RecipientCardRoute })),
);
const PricingRoute = lazy(() =>
  import('./routes/pricing.route.tsx').then((m) => ({ default: m.PricingRoute })),
);
const TestCheckoutRoute = lazy(() =>
  import('./routes/test-checkout.route.tsx').then((m) => ({ default: m.TestCheckoutRoute })),
);
const MyWincsRoute = lazy(() =>
  import('./routes/my-wincs.route.tsx').then((m) => ({ default: m.MyWincsRoute })),
);
const NotFoundRoute = lazy(() =>
  import('./routes/not-found.route.tsx').then((m) => ({ default: m.NotFoundRoute })),
);

/**
 * The frames load with their first page (the server names their chunks in the page, so they arrive with the
 * entry): a recipient's page never loads the sender's header, session and upload code.
 */
const appLayout = async () => {
  const [{ AppLayout }, { RouteError }] = await Promise.all([
    import('./layout/app-layout.tsx'),
    import('./layout/route-error.tsx'),
  ]);
  return { Component: AppLayout, ErrorBoundary: RouteError };
};
const recipientLayout = async () => {
  const [{ RecipientLayout }, { RouteError }] = await Promise.all([
    import('./layout/recipient-layout.tsx'),
    import('./layout/route-error.tsx'),
  ]);
  return { Component: RecipientLayout, ErrorBoundary: RouteError };
};

/** Nothing shows while a frame's code arrives: it comes with the page (see above), so the wait is short. */
const NoFallback = () => null;

/** The URL table (SPEC §2), plus the recipient page and the test-mode checkout (DESIGN §1.5, §1.10). */
export function createAppRouter() {
  return createBrowserRouter([
    {
      lazy: recipientLayout,
      HydrateFallback: NoFallback,
      children: [{ path: routePatterns.recipientCard, Component: RecipientCardRoute }],
    },
    {
      lazy: appLayout,
      HydrateFallback: NoFallback,
      children: [
        { path: routePatterns.home, Component: HomeRoute },
        { path: routePatterns.category, Component: CategoryRoute },
        { path: routePatterns.style, Component: StyleRoute },
        { path: routePatterns.help, Component: HelpRoute },
        { path: routePatterns.faqs, Component: FaqsRoute },
        { path: routePatterns.overview, Component: OverviewRoute },
        { path: routePatterns.checkout, Component: CheckoutRoute },
        { path: routePatterns.mailbox, Component: MailboxRoute },
        { path: routePatterns.signin, Component: SignInRoute },
        { path: routePatterns.signup, Component: SignUpRoute },
        { path: routePatterns.resetPassword, Component: ResetPasswordRoute },
        { path: routePatterns.profile, Component: ProfileRoute },
        { path: routePatterns.accountInfo, Component: AccountInfoRoute },
        { path: routePatterns.myWincs, Component: MyWincsRoute },
        { path: routePatterns.pricing, Component: PricingRoute },
        { path: routePatterns.testCheckout, Component: TestCheckoutRoute },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}
