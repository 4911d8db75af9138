import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ComingSoon } from '../components/coming-soon';
import { lazyPage } from '../components/lazy-page';
import { FullScreenLoader } from '../components/spinner';
import { LoginPage } from '../features/auth/login-route';
import { featureModules } from './feature-modules';
import { HomeRedirect, RedirectIfSignedIn, RequireAccount } from './guards';
import { PublicFrame } from './public-frame';
import { RootRoute } from './root-route';
import { RouteErrorScreen } from './route-error-screen';

// Each screen is its own chunk: /login must not carry the dashboard, sign-up or intake code.
const DashboardPage = lazyPage(() =>
  import('../features/dashboard/dashboard-page').then((m) => m.DashboardPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('../features/password/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/password/reset-password-page').then((m) => m.ResetPasswordPage),
);
const ProfilePage = lazyPage(() => import('../features/profile/profile-page').then((m) => m.ProfilePage));
const SettingsPage = lazyPage(() => import('../features/settings/settings-page').then((m) => m.SettingsPage));
const SignupStep1Page = lazyPage(() =>
  import('../features/signup/signup-step1-page').then((m) => m.SignupStep1Page),
);
const SignupStep2Page = lazyPage(() =>
  import('../features/signup/signup-step2-page').then((m) => m.SignupStep2Page),
);
const SignupStep3Page = lazyPage(() =>
  import('../features/signup/signup-step3-page').then((m) => m.SignupStep3Page),
);
const StatusNoticePage = lazyPage(() =>
  import('../features/status-notices/status-notice-page').then((m) => m.StatusNoticePage),
);
const SupportPage = lazyPage(() => import('../features/support/support-page').then((m) => m.SupportPage));
const VerifyEmailPage = lazyPage(() =>
  import('../features/verify-email/verify-email-page').then((m) => m.VerifyEmailPage),
);
const VerifyEmailPendingPage = lazyPage(() =>
  import('../features/verify-email/verify-email-pending-page').then((m) => m.VerifyEmailPendingPage),
);
const VerifyEmailResendPage = lazyPage(() =>
  import('../features/verify-email/verify-email-resend-page').then((m) => m.VerifyEmailResendPage),
);

// The signed-in frame (navigation, profile menu, status card) is not part of the public pages' download.
const AccountLayout = lazy(() => import('./account-layout').then((m) => ({ default: m.AccountLayout })));
// ...nor is the gate of the client-data routes, which travels with it (the frame is there before its routes)
const ClientDataGate = lazyPage(() => import('./account-layout').then((m) => m.ClientDataGate));

// The renderer's form gallery, development only; looked up by glob so the app builds without it.
const devFormsModules = import.meta.env.DEV
  ? import.meta.glob<{ default: ComponentType }>('../features/dev-forms/index.{ts,tsx}')
  : {};
const loadDevForms = Object.values(devFormsModules)[0];
const DevFormsPage = loadDevForms ? lazy(loadDevForms) : null;

function Placeholder({ section }: { section: string }) {
  const { t } = useTranslation('account');
  return <ComingSoon section={t(`nav.${section}`)} />;
}

/** Menu entries whose screens are not built yet. */
const PLACEHOLDERS = ['appointments', 'analytics'];

/** The route table of spec section 2 plus what feature modules add. */
function buildRoutes(): RouteObject[] {
  const accountRoutes: RouteObject[] = [
    { path: '/dashboard', element: <DashboardPage /> },
    ...PLACEHOLDERS.map((section) => ({ path: `/${section}`, element: <Placeholder section={section} /> })),
    { path: '/profile', element: <ProfilePage /> },
    { path: '/settings', element: <SettingsPage /> },
    ...featureModules.flatMap((module) =>
      (module.accountRoutes ?? []).map((route) =>
        module.clientData ? { ...route, element: <ClientDataGate>{route.element}</ClientDataGate> } : route,
      ),
    ),
  ];

  const routes: RouteObject[] = [
    {
      element: <RootRoute />,
      errorElement: <RouteErrorScreen />,
      children: [
        { path: '/', element: <HomeRedirect /> },
        {
          element: <PublicFrame />,
          children: [
            {
              path: '/login',
              element: (
                <RedirectIfSignedIn>
                  <LoginPage />
                </RedirectIfSignedIn>
              ),
            },
            { path: '/forgot-password', element: <ForgotPasswordPage /> },
            { path: '/reset-password', element: <ResetPasswordPage /> },
            { path: '/verify-email', element: <VerifyEmailPage /> },
            { path: '/verify-email/pending', element: <VerifyEmailPendingPage /> },
            { path: '/verify-email/resend', element: <VerifyEmailResendPage /> },
            { path: '/pending-approval', element: <StatusNoticePage notice="pendingApproval" /> },
            { path: '/account-rejected', element: <StatusNoticePage notice="rejected" /> },
            { path: '/account-suspended', element: <StatusNoticePage notice="suspended" /> },
          ],
        },
        {
          element: <PublicFrame width="wide" />,
          children: [
            { path: '/signup/step1', element: <SignupStep1Page /> },
            {
              path: '/signup/step2',
              element: (
                <RequireAccount sessionOnly>
                  <SignupStep2Page />
                </RequireAccount>
              ),
            },
            {
              path: '/signup/step3',
              element: (
                <RequireAccount sessionOnly>
                  <SignupStep3Page />
                </RequireAccount>
              ),
            },
            { path: '/support', element: <SupportPage /> },
          ],
        },
        {
          element: (
            <RequireAccount>
              <Suspense fallback={<FullScreenLoader />}>
                <AccountLayout />
              </Suspense>
            </RequireAccount>
          ),
          children: accountRoutes,
        },
        ...featureModules.flatMap((module) => module.publicRoutes ?? []),
        ...(import.meta.env.DEV && DevFormsPage
          ? [
              {
                path: '/dev/forms',
                element: (
                  <Suspense fallback={<FullScreenLoader />}>
                    <DevFormsPage />
                  </Suspense>
                ),
              },
            ]
          : []),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
  return routes;
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
