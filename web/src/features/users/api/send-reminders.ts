import { useMutation } from '@tanstack/react-query';

import { answerOf, api } from '../../../lib/api-client';
import type { ReminderRequest, RemindersSent } from './types';

/** E-mails one reminder now to each person in the filter (and search); recorded in the activity log. */
export function sendReminders(request: ReminderRequest): Promise<RemindersSent> {
  return answerOf(api.POST('/api/admin/reminders', { body: request }));
}

export function useSendReminders() {
  return useMutation({ mutationFn: sendReminders });
}
