// The signed-in state on the client (spec section 4): a flag cookie set to 1 on sign-in and, in token mode, a token
// cookie; sign-in stores them and fetches the user; reset clears them and the user; any 401 resets; a logout that
// answers 200 resets and goes home. The server-rendered page already knows the user, so start-up only reconciles.
import type { User } from '#shared/resources/user.ts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { AUTH_TOKEN_COOKIE, readCookie } from '#shared/cookies.ts';
import { createApiClient, type ApiClient, type ApiMode } from './api.ts';

export { AUTH_TOKEN_COOKIE };
export const AUTH_FLAG_COOKIE = 'phim_logged_in';
export const AUTH_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The user as pages read it: the server-rendered root loader gives this shape too. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'avatar' | 'roles'> & {
  emailVerified: boolean;
};

export function fromUser(user: User): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: user.avatar,
    roles: user.roles,
    emailVerified: Boolean(user.email_verified_at),
  };
}

export type Credentials = { email: string; password: string; remember?: boolean };

/** `Set-Cookie`-style attributes of both auth cookies: site root, SameSite Strict, Secure only over https, 1 year. */
export function authCookie(
  name: string,
  value: string,
  secure: boolean,
  maxAge = AUTH_COOKIE_MAX_AGE,
) {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/**
 * The state machine without React: cookies in, cookies out. `writeCookie` receives one `document.cookie` string.
 */
export function createAuthStore(options: {
  mode: ApiMode;
  secure: boolean;
  readCookies: () => string;
  writeCookie: (cookie: string) => void;
  api: (handlers: { getToken: () => string | undefined; onUnauthorized: () => void }) => ApiClient;
  onChange: (user: SessionUser | null) => void;
}) {
  const { mode, secure, readCookies, writeCookie, onChange } = options;
  const getToken = () => readCookie(readCookies(), AUTH_TOKEN_COOKIE) || undefined;
  const isFlagged = () => readCookie(readCookies(), AUTH_FLAG_COOKIE) === '1';
  function reset() {
    writeCookie(authCookie(AUTH_FLAG_COOKIE, '', secure, 0));
    writeCookie(authCookie(AUTH_TOKEN_COOKIE, '', secure, 0));
    onChange(null);
  }
  const unauthorizedListeners = new Set<() => void>();
  const api = options.api({
    getToken,
    onUnauthorized: () => {
      reset();
      for (const listener of unauthorizedListeners) listener();
    },
  });

  async function fetchUser() {
    const { user } = await api.get<{ user: User }>('/user');
    const sessionUser = fromUser(user);
    onChange(sessionUser);
    return sessionUser;
  }

  /** Stores the token (token mode), sets the flag, fetches the user. */
  async function signedIn(token?: string) {
    if (mode === 'token' && token) writeCookie(authCookie(AUTH_TOKEN_COOKIE, token, secure));
    writeCookie(authCookie(AUTH_FLAG_COOKIE, '1', secure));
    return fetchUser();
  }

  return {
    api,
    mode,
    reset,
    fetchUser,
    isFlagged,
    getToken,
    signedIn,
    markSignedIn: () => writeCookie(authCookie(AUTH_FLAG_COOKIE, '1', secure)),
    /** Runs `listener` after any 401 has reset the state; returns the unsubscribe function. */
    onUnauthorized(listener: () => void) {
      unauthorizedListeners.add(listener);
      return () => {
        unauthorizedListeners.delete(listener);
      };
    },
    async login(credentials: Credentials) {
      const body = mode === 'token' ? { ...credentials, device_name: deviceName() } : credentials;
      const answer = await api.post<{ token?: string; user: User }>('/auth/login', body);
      return signedIn(answer.token);
    },
    /** POST logout; on 200 the state resets. Returns whether it did. */
    async logout() {
      const response = await api.request<{ ok?: boolean }>('/logout', { method: 'POST' });
      reset();
      return response;
    },
  };
}

const readDocumentCookies = () => (typeof document === 'undefined' ? '' : document.cookie);

function writeDocumentCookie(cookie: string) {
  if (typeof document !== 'undefined') document.cookie = cookie;
}

function deviceName() {
  return typeof navigator === 'undefined' ? 'Phim web' : navigator.userAgent.slice(0, 255);
}

type AuthContextValue = {
  user: SessionUser | null;
  api: ApiClient;
  store: AuthStore;
  isAdmin: boolean;
  /** Signs in, then sends the visitor to `to` with fresh page data. */
  login: (credentials: Credentials, to: string) => Promise<SessionUser>;
  /** After an API call that signed in (registration): stores the token, sets the flag, fetches the user, goes on. */
  signedIn: (token: string | undefined, to: string) => Promise<SessionUser>;
  logout: () => Promise<void>;
  reset: () => void;
  refresh: () => Promise<SessionUser | null>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({
  children,
  initialUser,
  mode = 'cookie',
  secure,
}: {
  children: ReactNode;
  /** The user the server rendered the page for. */
  initialUser: SessionUser | null;
  mode?: ApiMode;
  secure: boolean;
}) {
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [serverUser, setServerUser] = useState(initialUser);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });

  // Page data from the server wins whenever it changes (a navigation, a revalidation).
  if (serverUser !== initialUser) {
    setServerUser(initialUser);
    setUser(initialUser);
  }

  const store = useMemo(
    () =>
      createAuthStore({
        mode,
        secure,
        readCookies: readDocumentCookies,
        writeCookie: writeDocumentCookie,
        api: ({ getToken, onUnauthorized }) => createApiClient({ mode, getToken, onUnauthorized }),
        onChange: setUser,
      }),
    [mode, secure],
  );

  // After a 401 the page data is stale too: guarded pages redirect, headers show the signed-out state.
  useEffect(
    () =>
      store.onUnauthorized(() => {
        void revalidate.current();
      }),
    [store],
  );

  // Start-up: the flag without a session means the session ended elsewhere (sign out); a session without the flag
  // (cookie cleared by hand) gets its flag back.
  useEffect(() => {
    if (store.isFlagged() && !initialUser) store.reset();
    else if (initialUser && !store.isFlagged()) store.markSignedIn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Navigate first, then refresh every loader: revalidating the sign-in page itself would let its guest guard
  // send the visitor home before they reach where they were going.
  const login = useCallback(
    async (credentials: Credentials, to: string) => {
      const signedIn = await store.login(credentials);
      await navigate(to);
      await revalidate.current();
      return signedIn;
    },
    [store, navigate],
  );

  const signedIn = useCallback(
    async (token: string | undefined, to: string) => {
      const current = await store.signedIn(token);
      await navigate(to);
      await revalidate.current();
      return current;
    },
    [store, navigate],
  );

  const logout = useCallback(async () => {
    await store.logout();
    await navigate('/');
    await revalidate.current();
  }, [store, navigate]);

  const refresh = useCallback(async () => {
    try {
      return await store.fetchUser();
    } catch {
      return null;
    }
  }, [store]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      api: store.api,
      store,
      isAdmin: Boolean(user?.roles.includes('admin')),
      login,
      signedIn,
      logout,
      reset: store.reset,
      refresh,
    }),
    [user, store, login, signedIn, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() needs <AuthProvider> (app/root.tsx)');
  return value;
}

export function useApi() {
  return useAuth().api;
}

/** A same-site path to return to after signing in; anything else (another host, `//evil`) becomes `fallback`. */
export function safeRedirect(target: string | null | undefined, fallback = '/') {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}
