import { useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';

import type { SessionUser } from '../../../api/types';
import { EmailField } from '../../../components/account-fields';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/field';
import { messages, noticeMessages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { useForm } from '../../../hooks/use-form';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { readRedirectState, type RedirectState } from '../../../lib/redirect-state';
import { useSession } from '../api/get-session';
import { googleSignInUrl, useProviders } from '../api/get-providers';
import { useLogIn } from '../api/log-in';
import { ResendVerificationButton } from './resend-verification-button';

/** Where a signed-in user goes from /login: back where they came from, else /sculc. */
function returnPath(from: string | undefined): string {
  // Never back to the sign-in screens themselves, which would send them on again.
  const pathname = from?.split(/[?#]/)[0];
  if (!from || pathname === paths.login || pathname === paths.register) return paths.sculc;
  return from;
}

function errorMessage(error: Error): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return messages.incorrectCredentials;
    if (error.status === 403 && error.code === 'email_unverified') return messages.emailUnverified;
    if (error.status === 429) {
      return refusalMessage(error) ?? 'Too many sign-in attempts. Please wait a few minutes and try again.';
    }
  }
  return messages.loginFailed;
}

function SignedInRedirect({ user, from }: { user: SessionUser; from: string | undefined }) {
  if (!user.profile_complete) {
    const state: RedirectState = { message: messages.completeProfileFirst };
    return <Navigate to={paths.completeProfile} replace state={state} />;
  }
  return <Navigate to={returnPath(from)} replace />;
}

export function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { from, message: passedMessage } = readRedirectState(location.state);
  const notice = noticeMessages[searchParams.get('notice') ?? ''];
  const { user } = useSession();
  const providers = useProviders();
  const [retrying, setRetrying] = useState(false);
  const logIn = useLogIn(setRetrying);
  const form = useForm(logIn, {
    initial: { email: '', password: '' },
    request: (values) => values,
    failure: errorMessage,
  });

  // Signed in, whether on arrival or just now (useLogIn seeds the session).
  if (user) return <SignedInRedirect user={user} from={from} />;

  const unverified = form.error === messages.emailUnverified;
  // The reason for coming here matters until the first attempt, then the attempt's outcome does.
  const showPassed = logIn.isIdle;

  return (
    <Page title={routes.login.title} className="narrow">
      {showPassed && passedMessage && <FormMessage tone="info">{passedMessage}</FormMessage>}
      {showPassed && notice && <FormMessage tone="error">{notice}</FormMessage>}
      <form className="form" onSubmit={form.handleSubmit}>
        {/* Always there, so that a screen reader hears the words when they come. */}
        <div aria-live="polite">{retrying && <FormMessage tone="info">{messages.busyRetrying}</FormMessage>}</div>
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        {/* The account that turned out unverified: the resend goes to it, even if the field was edited since. */}
        {unverified && <ResendVerificationButton email={logIn.variables?.email ?? ''} />}
        <EmailField {...form.field('email')} />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
        <SubmitButton busy={form.busy} busyLabel="Signing In...">
          Sign In
        </SubmitButton>
      </form>
      <p>
        <Link to={paths.forgotPassword}>Forgot your password?</Link>
      </p>
      {providers.data?.google && (
        <p>
          {/* A plain link: the server redirects to Google and back, so the whole page goes. */}
          <a className="button button-secondary" href={googleSignInUrl(returnPath(from))}>
            Sign in with Google
          </a>
        </p>
      )}
      <p>
        Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
      </p>
    </Page>
  );
}
