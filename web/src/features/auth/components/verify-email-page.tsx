import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { paths, routes } from '../../../config/routes';
import { useVerifyEmail } from '../api/verify-email';
import { ResendVerificationForm } from './resend-verification-form';
import { tokenProblem, type TokenProblem } from './token-problem';
import { GoToLogin } from './go-to-login';

const problemText: Record<TokenProblem | 'missing' | 'failed', string> = {
  expired: 'This verification link has expired.',
  used: 'This verification link has already been used. If you verified your email with it, you can sign in.',
  replaced:
    'A newer verification link has been sent. Please use the link in the latest email, or sign in if your email is verified already.',
  invalid: 'This verification link is not valid.',
  missing: 'This verification link is incomplete. Please open the link from your email again.',
  failed: 'We could not verify your email. Please try again later.',
};

/** The page the verification e-mail links to: /verify-email?token=… */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const { mutate } = verify;
  // The token is single-use: StrictMode runs effects twice, and a second
  // request would answer 'already used' over the first one's success.
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  if (verify.isSuccess) {
    return (
      <Page title={routes.verifyEmail.title} className="narrow">
        <FormMessage tone="success">Your email has been verified. You can now sign in.</FormMessage>
        <GoToLogin />
      </Page>
    );
  }

  if (token && !verify.isError) {
    return (
      <Page title={routes.verifyEmail.title} className="narrow">
        <PageLoading label="Verifying your email…" />
      </Page>
    );
  }

  const problem = token ? (tokenProblem(verify.error) ?? 'failed') : 'missing';
  return (
    <Page title={routes.verifyEmail.title} className="narrow">
      <FormMessage tone="error">{problemText[problem]}</FormMessage>
      <h2>Get a new verification email</h2>
      <ResendVerificationForm />
      <p>
        <Link to={paths.login}>Go to Login Page</Link>
      </p>
    </Page>
  );
}
