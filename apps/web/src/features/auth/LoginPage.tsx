import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  LIMITS,
  firstFieldError,
  loginFailureMessage,
  loginSchema,
  zodIssuesToFieldErrors,
  type FieldErrors,
} from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Logo } from '../../components/Logo';
import { Notice } from '../../components/Notice';
import { loginFailureOf, useAuth } from '../../lib/auth';
import { APP_NAME } from '../../lib/app';

/**
 * The sign-in screen (orders spec §2): 'Welcome Back', Username, Password with a show/hide toggle,
 * 'Sign in' ('Signing in...' while busy). A second submit within 300 ms is ignored. Where to go
 * afterwards is the route guard's business: once signed in, /login sends the user on.
 */
export function LoginPage() {
  const { login } = useAuth();
  // A page that sends the user here may say why (the reset link's page: the password is set).
  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const lastSubmitAt = useRef<number | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const now = Date.now();
    if (busyRef.current) return;
    if (lastSubmitAt.current !== null && now - lastSubmitAt.current < LIMITS.loginDoubleSubmitMs) return;
    lastSubmitAt.current = now;

    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setFieldErrors(zodIssuesToFieldErrors(parsed.error));
      setFailure(null);
      return;
    }
    setFieldErrors(null);
    setFailure(null);
    busyRef.current = true;
    setBusy(true);
    try {
      await login(parsed.data);
      // Signed in: the /login guard moves on to where the user was going.
    } catch (error) {
      setFailure(loginFailureMessage(loginFailureOf(error)));
      busyRef.current = false;
      setBusy(false);
    }
  }

  const usernameError = firstFieldError(fieldErrors, 'username');
  const passwordError = firstFieldError(fieldErrors, 'password');

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="size-12" />
          <p className="text-sm font-medium text-slate-600">{APP_NAME}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome Back</h1>
        </div>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        >
          {failure && <Notice tone="error">{failure}</Notice>}
          {!failure && arrivedWith && <Notice tone="success">{arrivedWith}</Notice>}
          <Field label="Username" error={usernameError} required>
            {(control) => (
              <TextInput
                {...control}
                name="username"
                // The screen's one purpose: the cursor waits where typing starts.
                autoFocus
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
              />
            )}
          </Field>
          <Field label="Password" error={passwordError} required>
            {(control) => (
              <div className="relative">
                <TextInput
                  {...control}
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  className="pr-10"
                />
                <button
                  type="button"
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-controls={control.id}
                  onClick={() => setShowPassword((shown) => !shown)}
                  className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-sky-600"
                >
                  <EyeIcon crossed={showPassword} />
                </button>
              </div>
            )}
          </Field>
          <Button type="submit" variant="primary" busy={busy} busyLabel="Signing in..." className="w-full">
            Sign in
          </Button>
        </form>
      </main>
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      className="size-5"
    >
      <path d="M1.5 10s3-6 8.5-6 8.5 6 8.5 6-3 6-8.5 6-8.5-6-8.5-6Z" strokeLinejoin="round" />
      <circle cx="10" cy="10" r="2.75" />
      {crossed && <path d="M3 17 17 3" strokeLinecap="round" />}
    </svg>
  );
}
