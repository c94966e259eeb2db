import { ApiError } from '../../../lib/api-client';

/** Why an e-mail link's token was refused, from the server's error code. */
export type TokenProblem = 'expired' | 'used' | 'replaced' | 'invalid';

const problems: Readonly<Record<string, TokenProblem>> = {
  token_expired: 'expired',
  token_used: 'used',
  token_replaced: 'replaced',
  token_invalid: 'invalid',
};

/** The token problem behind `error`, or undefined for any other failure (e.g. an outage). */
export function tokenProblem(error: unknown): TokenProblem | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.code) return undefined;
  return problems[error.code];
}
