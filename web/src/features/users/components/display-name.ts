import type { AdminUser } from '../api/types';

/** "Ada Lovelace"; an account that never gave a name shows its e-mail. */
export function displayName(user: Pick<AdminUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}
