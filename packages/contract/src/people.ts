import { z } from 'zod';

export const Department = z.object({ id: z.number().int(), name: z.string() });
export type Department = z.infer<typeof Department>;

export const DepartmentsResponse = z.object({ departments: z.array(Department) });
export type DepartmentsResponse = z.infer<typeof DepartmentsResponse>;

export const UserIdParams = z.object({ id: z.coerce.number().int().positive() });

export const UpdateUserRequest = z.object({ active: z.boolean() });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** Active people with their department, for admin filters and pickers. */
export const UsersResponse = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role: z.string(),
      department_id: z.number().int().nullable(),
      department_name: z.string().nullable(),
    }),
  ),
});
export type UsersResponse = z.infer<typeof UsersResponse>;
