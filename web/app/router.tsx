import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { routePatterns } from '../config/paths.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

// Each page is its own chunk; the layout shows at once and the page streams in (see AppLayout's Suspense).
const HomeRoute = lazy(() => import('./routes/home.route.tsx').then((m) => ({ default: m.HomeRoute })));
const CategoryRoute = lazy(() =>
  import('./routes/category.route.tsx').then((m) => ({ default: m.CategoryRoute })),
);
const StyleRoute = lazy(() => import('./routes/style.route.tsx').then((m) => ({ default: m.StyleRoute })));
const NotFoundRoute = lazy(() =>
  import('./routes/not-found.route.tsx').then((m) => ({ default: m.NotFoundRoute })),
);

/** The URL table (SPEC §2). Later issues add /signin, /signup, /pricing and the others here. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: AppLayout,
      ErrorBoundary: RouteError,
      children: [
        { path: routePatterns.home, Component: HomeRoute },
        { path: routePatterns.category, Component: CategoryRoute },
        { path: routePatterns.style, Component: StyleRoute },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}
