import type { AppSettings } from '@portico/contracts';

// The providers' own browser SDKs (issue 25): Google Identity Services hands over an ID token,
// Facebook's SDK an access token and the person's id; the server checks both
// (server/src/modules/federation). The scripts load only when a button is shown, from the
// addresses the app settings give (GOOGLE_SCRIPT_URL, FACEBOOK_SDK_URL), which the page policy
// allows (server/src/http/security-headers.ts).

type Configs = AppSettings['configs'];

const loading = new Map<string, Promise<void>>();

/** Loads a script once; a failure may be tried again. */
export function loadScript(src: string): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading.delete(src);
      script.remove();
      reject(new Error(`could not load ${src}`));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

type GoogleId = {
  initialize(options: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    ux_mode?: string;
  }): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
    FB?: {
      init(options: Record<string, unknown>): void;
      login(
        callback: (response: { authResponse?: { accessToken: string; userID: string } | null }) => void,
        options?: Record<string, unknown>,
      ): void;
    };
  }
}

/**
 * Draws Google's own button into `parent` (Google asks that its button be used as it draws it);
 * each press that ends with an account chosen calls `onCredential` with the ID token.
 */
export async function renderGoogleButton(
  parent: HTMLElement,
  configs: Pick<Configs, 'googleClientId' | 'googleScriptUrl'>,
  opts: { locale: string; text: 'signin_with' | 'continue_with'; width: number },
  onCredential: (credential: string) => void,
): Promise<void> {
  await loadScript(configs.googleScriptUrl);
  const id = window.google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services did not load');
  id.initialize({
    client_id: configs.googleClientId,
    ux_mode: 'popup',
    callback: (response) => {
      if (response.credential) onCredential(response.credential);
    },
  });
  id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    shape: 'pill',
    text: opts.text,
    logo_alignment: 'center',
    locale: opts.locale,
    width: opts.width,
  });
}

/** Facebook's sign-in dialog (e-mail scope); null when the person closes it. */
export async function facebookLogin(
  configs: Pick<Configs, 'facebookAppId' | 'facebookSdkVersion' | 'facebookSdkUrl'>,
): Promise<{ accessToken: string; userId: string } | null> {
  // Loaded beforehand (SocialButtons preloads it), FB.login runs within the press itself, so the
  // browser lets its window open; only a first press before the script arrived waits for it.
  if (!window.FB) await loadScript(configs.facebookSdkUrl);
  const fb = window.FB;
  if (!fb) throw new Error('the Facebook SDK did not load');
  fb.init({ appId: configs.facebookAppId, version: configs.facebookSdkVersion, cookie: false, xfbml: false });
  return new Promise((resolve) => {
    fb.login(
      (response) => {
        const auth = response.authResponse;
        resolve(auth ? { accessToken: auth.accessToken, userId: auth.userID } : null);
      },
      { scope: 'public_profile,email' },
    );
  });
}
