import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, firstFieldError, newPasswordSchema, zodIssuesToFieldErrors, type FieldErrors } from '@icehouse/domain';
import { Button } from '../../components/Button';
import { Field, TextInput } from '../../components/Field';
import { Logo } from '../../components/Logo';
import { Notice } from '../../components/Notice';
import { APP_NAME } from '../../lib/app';
import { useLinkToken } from '../quotes/customerLink';

/**
 * The page a password reset link opens (decision 269), outside the signed-in app: the token is the address's
 * fragment (never sent to a server by the browser) and travels in the X-Password-Reset header; no cookie is
 * sent or kept, so no CSRF token either. Shows whose password it sets, asks for the new one twice (the user
 * form's rule), sets it, and sends the user to sign in.
 */
const resetFetch = (token: string, init: RequestInit = {}) =>
  fetch('/api/auth/password-reset/', {
    ...init,
    credentials: 'omit',
    headers: { Accept: 'application/json', 'X-Password-Reset': token, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
  });

type LinkState = { kind: 'loading' } | { kind: 'ready'; username: string } | { kind: 'refused'; message: string };

async function refusalOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { detail?: string } | null;
  return body?.detail ?? MESSAGES.passwordResetInvalid;
}

export function ResetPasswordPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>({ kind: 'loading' });
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setLink({ kind: 'loading' });
    void resetFetch(token)
      .then(async (res): Promise<LinkState> =>
        res.ok ? { kind: 'ready', username: ((await res.json()) as { username: string }).username } : { kind: 'refused', message: await refusalOf(res) },
      )
      .catch((): LinkState => ({ kind: 'refused', message: 'The server could not be reached. Try again in a moment.' }))
      .then((state) => {
        if (live) setLink(state);
      });
    return () => {
      live = false;
    };
  }, [token]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = newPasswordSchema.safeParse({ password });
    const found: FieldErrors = parsed.success ? {} : zodIssuesToFieldErrors(parsed.error);
    if (parsed.success && password !== again) found.password_again = [MESSAGES.passwordsDiffer];
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors(null);
    setBusy(true);
    try {
      const res = await resetFetch(token, { method: 'POST', body: JSON.stringify({ password }) });
      if (res.ok) {
        navigate('/login', { replace: true, state: { notice: 'Your password is set. Sign in with it.' } });
        return;
      }
      if (res.status === 400) setErrors((await res.json()) as FieldErrors);
      else setLink({ kind: 'refused', message: await refusalOf(res) });
    } catch {
      setLink({ kind: 'refused', message: 'The server could not be reached. Try again in a moment.' });
    }
    setBusy(false);
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12">
      <main className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="size-12" />
          <p className="text-sm font-medium text-slate-600">{APP_NAME}</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Set your password</h1>
        </div>
        {link.kind === 'loading' && <p className="text-center text-sm text-slate-600">Loading...</p>}
        {link.kind === 'refused' && <Notice tone="error">{link.message}</Notice>}
        {link.kind === 'ready' && (
          <form
            noValidate
            onSubmit={(event) => void handleSubmit(event)}
            className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
          >
            <p className="text-sm text-slate-700">
              Username: <strong>{link.username}</strong>
            </p>
            <Field label="New password" hint={MESSAGES.passwordHint} error={firstFieldError(errors, 'password')} required>
              {(control) => (
                <TextInput {...control} name="password" type="password" autoComplete="new-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
              )}
            </Field>
            <Field label="New password again" error={firstFieldError(errors, 'password_again')} required>
              {(control) => (
                <TextInput {...control} name="password_again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} />
              )}
            </Field>
            <Button type="submit" variant="primary" busy={busy} busyLabel="Saving..." className="w-full">
              Set password
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
