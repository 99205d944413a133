import { z } from 'zod';
import { ADMIN_USERS_MESSAGES } from './admin-users';

/** The person's own name on the account page's Profile card ("/account: name"). */
export const accountNameBody = z.object({
  fullName: z.string({ error: ADMIN_USERS_MESSAGES.fullNameRequired }).trim().min(1, ADMIN_USERS_MESSAGES.fullNameRequired).max(200),
});
