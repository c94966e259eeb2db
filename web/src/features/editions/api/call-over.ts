import { ApiError } from '../../../lib/api-client';

/**
 * Runs `attempt` and, when the server answers that the edition's call
 * would already be over (409 `call_over`), asks the chair with the
 * server's reason; if they go ahead, runs it again confirmed. Undefined
 * when they do not.
 */
export async function askingIfTheCallIsOver<T>(
  attempt: (callOverConfirmed: boolean) => Promise<T>,
  ask: (reason: string) => Promise<boolean>,
): Promise<T | undefined> {
  try {
    return await attempt(false);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'call_over') throw error;
    if (!(await ask(error.message))) return undefined;
    return attempt(true);
  }
}
