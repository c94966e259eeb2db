import { Link, useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { paths, routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { useConfirmVisitorRegistration } from '../api/visitor-registration';

/**
 * /registration/confirm?token=…&event=…, the link e-mailed to a visitor.
 * It registers only on a button press: a mail scanner that opens the link
 * must not use it up.
 */
export function RegistrationConfirmPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const slug = search.get('event') ?? '';
  const confirm = useConfirmVisitorRegistration();
  const mine = confirm.data?.mine;

  return (
    <Page title={routes.registrationConfirm.title}>
      {!token || !slug ? (
        <FormMessage tone="error">This link is incomplete. Please use the whole link from the e-mail.</FormMessage>
      ) : confirm.isSuccess ? (
        <FormMessage tone="success">
          {mine?.state === 'waiting'
            ? `In-person places for ${confirm.data.title} are full: you are number ${String(mine.position)} on the waiting list. If a place comes free, we will e-mail you.`
            : `You are registered for ${confirm.data.title}. Your ticket is on its way by e-mail.`}
        </FormMessage>
      ) : (
        <>
          {confirm.isError && (
            <FormMessage tone="error">
              {refusalMessage(confirm.error) ?? 'Your registration could not be confirmed. Please try again.'}
            </FormMessage>
          )}
          <p>Press the button to complete your registration.</p>
          <Button
            disabled={confirm.isPending}
            onClick={() => {
              confirm.mutate({ slug, token });
            }}
          >
            {confirm.isPending ? 'Confirming…' : 'Confirm My Registration'}
          </Button>
        </>
      )}
      <p>
        Each e-mail about your registration has a link to see or cancel it, no password needed. Members can also{' '}
        <Link to={paths.login}>sign in</Link> to see it on their page.
      </p>
    </Page>
  );
}
