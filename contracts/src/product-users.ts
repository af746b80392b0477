import { z } from 'zod';
import { featureEndpoints } from './endpoint.js';

// The products' read of a person (issue 30 point 4: users:read): the basic profile a product
// shows beside its own records, nothing of how the account signs in or is reached.

export const productUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  avatar: z.string().nullable(),
  languageId: z.string(),
  createdDate: z.string(),
});
export type ProductUser = z.infer<typeof productUserSchema>;

const define = featureEndpoints('product-users');

export const productUserEndpoints = {
  read: define({
    method: 'GET',
    path: '/api/product/users/:userId',
    summary: "A person's basic profile: names, avatar, language",
    auth: 'product',
    person: 'userId',
    scope: 'users:read',
    input: z.object({ userId: z.string().min(1).max(100) }),
    output: productUserSchema,
    errors: ['not_found'],
  }),
};
