import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { refusalMessage } from '../../../lib/api-client';
import { useResendVerification } from '../api/resend-verification';

/** Offered when sign-in fails because the address is not verified yet. */
export function ResendVerificationButton({ email }: { email: string }) {
  const resend = useResendVerification();

  return (
    <div className="resend">
      <Button variant="secondary"
        disabled={resend.isPending}
        onClick={() => {
          resend.mutate({ email });
        }}
      >
        Resend verification email
      </Button>
      {resend.isSuccess && <FormMessage tone="success">{resend.data.message}</FormMessage>}
      {resend.isError && (
        <FormMessage tone="error">
          {refusalMessage(resend.error) ?? 'Failed to resend the verification email. Please try again.'}
        </FormMessage>
      )}
    </div>
  );
}
