import {
  CHECKOUT_ORDER_PLACEHOLDER,
  GUARDIAN_CONSENT_PAGE,
  GUARDIAN_PAGE,
  GUARDIAN_REQUIRED_PAGE,
  GUARDIAN_WITHDRAW_PAGE,
  LOCALES,
  type Locale,
  localePrefix,
  NOT_ME_PAGE,
  OWN_CHECKOUT_PATH,
  PAYMENT_RESULT_PATH,
  QR_APPROVE_PAGE,
  UNDO_CHANGE_PAGE,
} from '@portico/contracts';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageLoader, PageLoader } from './components/FullPageLoader';
import { HomeRedirect } from './features/home/HomeRedirect';
import { BareLayout, EmbeddedLayout } from './layouts/EmbeddedLayout';
import { LocaleRoot } from './layouts/LocaleRoot';
import { PublicLayout } from './layouts/PublicLayout';
import { RequireAuth } from './session/RequireAuth';

// Only what the login page needs is in the entry chunk: the public layout, the guards, the home
// redirect. Every page and the account shell (ManagerLayout) are their own chunks, loaded when
// their route is (the login page's first-load figure: bench/README.md).
// The login page's chunk carries only its components' styles (App.tsx); every other page and
// the account shell also load the rest of Mantine's styles (chrome/fullStyles.ts) with theirs.
const lazyPage = <T extends ComponentType>(load: () => Promise<{ default: T }>) =>
  lazy(() => Promise.all([import('./chrome/fullStyles'), load()]).then(([, page]) => page));

/** The confirm-modal host, mounted by the layouts whose pages open modals (and by AppProviders). */
export const ModalsHost = lazy(() => import('./chrome/ModalsHost'));
/** Push requests to the signed-in account: a dialog on every account page (issue 26). */
const PromptWatcher = lazy(() => import('./features/approval/PromptWatcher'));

const ManagerLayout = lazyPage(() => import('./layouts/ManagerLayout').then((m) => ({ default: m.ManagerLayout })));
const NotFoundPage = lazyPage(() =>
  import('./features/notfound/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const AccountHomePage = lazyPage(() =>
  import('./features/account/AccountHomePage').then((m) => ({ default: m.AccountHomePage })),
);

// THE route table. Each route is declared once, without a language prefix, and mounted twice:
// at the root (vi-VN) and under /en-us (en-US).
//
// A new page is preferably lazy so it gets its own chunk (`lazyPage(() => import(...))`); every page
// is rendered inside <Suspense>, so it needs nothing more.

/** public: marketing banner (hidden when embedded); manager: account menu; embedded: no chrome; bare: nothing. */
export type LayoutKind = 'public' | 'manager' | 'embedded' | 'bare';

export interface AppRoute {
  /** Path without language prefix, react-router syntax (':id'). */
  path: string;
  layout: LayoutKind;
  /** Signed-in users only: anyone else goes to /login?ReturnUrl=<path>. */
  auth: boolean;
  /** The page. */
  page: ComponentType;
}

// One page component serves change password (manager and embedded) and set password; the
// embedded routes render the same pages as the account area, which read the route
// (web/src/embed/useEmbedded.ts useEmbeddedRoute) for their embedded variant.
const ChangePasswordPage = lazyPage(() => import('./features/password/ChangePasswordPage'));

// One page component each serves e-mails and phones, change e-mail and phone, activate e-mail and phone.
const EmailPage = lazyPage(() => import('./features/contacts/ContactsPage').then((m) => ({ default: m.EmailPage })));
const PhonePage = lazyPage(() => import('./features/contacts/ContactsPage').then((m) => ({ default: m.PhonePage })));
const ChangeEmailPage = lazyPage(() =>
  import('./features/change-contact/ChangeContactPage').then((m) => ({ default: m.ChangeEmailPage })),
);
const ChangePhonePage = lazyPage(() =>
  import('./features/change-contact/ChangeContactPage').then((m) => ({ default: m.ChangePhonePage })),
);
const ActivateEmailPage = lazyPage(() =>
  import('./features/change-contact/ActivateContactPage').then((m) => ({ default: m.ActivateEmailPage })),
);
const ActivatePhonePage = lazyPage(() =>
  import('./features/change-contact/ActivateContactPage').then((m) => ({ default: m.ActivatePhonePage })),
);

// Profiles: the default one's page, and any one's (features/profiles/ProfilePage.tsx).
const ProfilePage = lazyPage(() => import('./features/profiles/ProfilePage'));

// The address book and its form, also under /address when embedded (features/address/useAddressBase.ts).
const AddressBookPage = lazyPage(() => import('./features/address/AddressBookPage'));
const AddressFormPage = lazyPage(() => import('./features/address/AddressFormPage'));

// Devices list and /security/device/:id (the list with the detail modal open) share one chunk.
const DevicesPage = lazyPage(() => import('./features/devices/DevicesPage'));
const InfoPage = lazyPage(() => import('./features/info/InfoPage'));
const DeleteAccountPage = lazyPage(() => import('./features/delete-account/DeleteAccountPage'));
const AdminPage = lazyPage(() => import('./features/admin/AdminPage'));

export const ROUTES: readonly AppRoute[] = [
  { path: '/', layout: 'bare', auth: false, page: HomeRedirect },

  // Sign-in and session (spec sign-in-and-session §2)
  { path: '/login', layout: 'public', auth: false, page: lazy(() => import('./features/login/LoginPage')) },
  {
    path: '/register',
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/register/RegisterPage')),
  },
  {
    path: '/forgot-password',
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/forgot-password/ForgotPasswordPage')),
  },
  { path: '/callback', layout: 'public', auth: false, page: lazyPage(() => import('./features/auth/CallbackPage')) },
  {
    path: '/silent-renew',
    layout: 'bare',
    auth: false,
    page: lazyPage(() => import('./features/auth/SilentRenewPage')),
  },
  { path: '/logout', layout: 'public', auth: false, page: lazyPage(() => import('./features/logout/LogoutPage')) },
  { path: '/error', layout: 'public', auth: false, page: lazyPage(() => import('./features/errors/ErrorPage')) },
  {
    path: '/error/external-login',
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/errors/ExternalLoginHelpPage')),
  },
  // Login entry: signed in -> ReturnUrl; else silent sign-in, else the full sign-in redirect.
  { path: '/signin', layout: 'public', auth: false, page: lazyPage(() => import('./features/login/LoginEntry')) },
  { path: '/captcha', layout: 'embedded', auth: false, page: lazyPage(() => import('./features/captcha/CaptchaPage')) },
  {
    path: '/token-login',
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/token-login/TokenLoginPage')),
  },
  // The undo link of a security e-mail about a sign-in or recovery change (contracts/src/undo-change.ts).
  {
    path: UNDO_CHANGE_PAGE,
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/undo-change/UndoChangePage')),
  },
  // Guardian consent for children (contracts/src/guardian.ts): the child's page, the guardian's
  // consent and withdrawal links, and where a relying party's sign-in of a waiting child lands.
  {
    path: GUARDIAN_PAGE,
    layout: 'public',
    auth: true,
    page: lazyPage(() => import('./features/guardian/GuardianPage')),
  },
  {
    path: GUARDIAN_CONSENT_PAGE,
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/guardian/GuardianConsentPage')),
  },
  {
    path: GUARDIAN_WITHDRAW_PAGE,
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/guardian/GuardianWithdrawPage')),
  },
  {
    path: GUARDIAN_REQUIRED_PAGE,
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/guardian/GuardianRequiredPage')),
  },
  // The "this wasn't me" link of a new-sign-in e-mail (contracts/src/devices.ts).
  {
    path: NOT_ME_PAGE,
    layout: 'public',
    auth: false,
    page: lazyPage(() => import('./features/devices/NotMePage')),
  },
  { path: '/security/change-password', layout: 'manager', auth: true, page: ChangePasswordPage },

  // Account area (spec account-area §2)
  { path: '/account', layout: 'manager', auth: true, page: AccountHomePage },
  {
    path: '/account/logout',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/logout/AccountLogoutPage')),
  },
  { path: '/account/email', layout: 'manager', auth: true, page: EmailPage },
  { path: '/account/phone', layout: 'manager', auth: true, page: PhonePage },
  { path: '/account/address', layout: 'manager', auth: true, page: AddressBookPage },
  { path: '/account/address/:id', layout: 'manager', auth: true, page: AddressFormPage },
  { path: '/account/info', layout: 'manager', auth: true, page: InfoPage },
  {
    path: '/account/language',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/info/LanguagePage')),
  },
  { path: '/account/change-email', layout: 'manager', auth: true, page: ChangeEmailPage },
  { path: '/account/change-phone', layout: 'manager', auth: true, page: ChangePhonePage },
  { path: '/account/active-email', layout: 'manager', auth: true, page: ActivateEmailPage },
  { path: '/account/active-phone', layout: 'manager', auth: true, page: ActivatePhonePage },
  {
    path: '/account/token',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/account/TokenPage')),
  },
  { path: '/account/profile', layout: 'manager', auth: true, page: ProfilePage },
  { path: '/account/profile/:id', layout: 'manager', auth: true, page: ProfilePage },
  // The account-area spec's change-password route; /security/change-password is the same page.
  { path: '/security/password', layout: 'manager', auth: true, page: ChangePasswordPage },
  { path: '/security/device', layout: 'manager', auth: true, page: DevicesPage },
  { path: '/security/device/:id', layout: 'manager', auth: true, page: DevicesPage },
  {
    path: '/security/passkeys',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/passkeys/PasskeysPage')),
  },
  {
    path: '/security/apps',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/connected-apps/ConnectedAppsPage')),
  },
  {
    path: '/security/recovery-ways',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/recovery/RecoveryWaysPage')),
  },
  {
    path: '/security/data',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/data-export/DataExportPage')),
  },
  { path: '/security/delete', layout: 'manager', auth: true, page: DeleteAccountPage },
  { path: '/security/set-password', layout: 'manager', auth: true, page: ChangePasswordPage },
  {
    path: '/security/activity',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/activity/ActivityPage')),
  },
  { path: '/security/kyc', layout: 'manager', auth: true, page: lazyPage(() => import('./features/kyc/KycPage')) },
  // A sign-in approved on this device (issue 26): the QR code's page and the app code.
  {
    path: QR_APPROVE_PAGE,
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/approval/ApproveQrPage')),
  },
  {
    path: '/security/app-code',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/approval/AppCodePage')),
  },
  {
    path: '/security/2fa',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/two-factor/TwoFactorPage')),
  },
  {
    path: '/notification',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/notification/NotificationPage')),
  },
  { path: '/order', layout: 'manager', auth: true, page: lazyPage(() => import('./features/orders/OrdersPage')) },
  {
    path: OWN_CHECKOUT_PATH.replace(CHECKOUT_ORDER_PLACEHOLDER, ':id'),
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/orders/CheckoutPage')),
  },
  {
    path: PAYMENT_RESULT_PATH,
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/orders/PaymentResultPage')),
  },
  // The admin console (issue 31): each tab and call needs its permission (contracts/src/admin.ts).
  ...[
    '/admin',
    '/admin/clients',
    '/admin/kyc',
    '/admin/lookups',
    '/admin/groups',
    '/admin/campaigns',
    '/admin/branding',
    '/admin/audit',
    '/admin/users/:id',
  ].map((path) => ({
    path,
    layout: 'manager' as const,
    auth: true,
    page: AdminPage,
  })),
  {
    path: '/point',
    layout: 'manager',
    auth: true,
    page: lazyPage(() => import('./features/points/PointsPage')),
  },

  // Embedded variants (mobile app web view / iframe)
  {
    path: '/app',
    layout: 'embedded',
    auth: false,
    page: lazyPage(() => import('./features/token-login/AppWrapperPage')),
  },
  { path: '/info', layout: 'embedded', auth: true, page: InfoPage },
  { path: '/change-password', layout: 'embedded', auth: true, page: ChangePasswordPage },
  { path: '/address', layout: 'embedded', auth: true, page: AddressBookPage },
  { path: '/address/:id', layout: 'embedded', auth: true, page: AddressFormPage },
  { path: '/delete-account', layout: 'embedded', auth: true, page: DeleteAccountPage },
];

const layoutElements: Record<LayoutKind, () => ReactElement> = {
  public: () => <PublicLayout />,
  manager: () => (
    <>
      <Suspense fallback={<FullPageLoader />}>
        <ManagerLayout />
      </Suspense>
      <Suspense fallback={null}>
        <ModalsHost />
        <PromptWatcher />
      </Suspense>
    </>
  ),
  embedded: () => (
    <>
      <EmbeddedLayout />
      <Suspense fallback={null}>
        <ModalsHost />
      </Suspense>
    </>
  ),
  bare: () => <BareLayout />,
};

const pageElement = (Page: ComponentType): ReactElement => (
  <Suspense fallback={<PageLoader />}>
    <Page />
  </Suspense>
);

/** One language tree: routes grouped under pathless layout routes, guarded per (layout, auth). */
const localeTree = (routes: readonly AppRoute[]): RouteObject[] => {
  const groups = new Map<string, { layout: LayoutKind; auth: boolean; children: RouteObject[] }>();
  for (const route of routes) {
    const id = `${route.layout}:${route.auth}`;
    const group = groups.get(id) ?? { layout: route.layout, auth: route.auth, children: [] };
    groups.set(id, group);
    const element = pageElement(route.page);
    group.children.push(route.path === '/' ? { index: true, element } : { path: route.path.slice(1), element });
  }
  // Fallback: anything else is a 404 in the public layout.
  const fallback = { path: '*', element: pageElement(NotFoundPage) };
  const publicGroup = groups.get('public:false') ?? { layout: 'public' as const, auth: false, children: [] };
  groups.set('public:false', publicGroup);
  publicGroup.children.push(fallback);

  return [...groups.values()].map(({ layout, auth, children }) => {
    const element = layoutElements[layout]();
    return { element: auth ? <RequireAuth>{element}</RequireAuth> : element, children };
  });
};

const knownPaths = ROUTES.map((route) => route.path);

/** The react-router route objects: the table at '/' (vi-VN) and at '/en-us' (en-US). */
export const buildRoutes = (routes: readonly AppRoute[] = ROUTES): RouteObject[] =>
  LOCALES.map((locale: Locale) => ({
    path: localePrefix(locale) || '/',
    element: <LocaleRoot locale={locale} knownPaths={knownPaths} />,
    children: localeTree(routes),
  }));
