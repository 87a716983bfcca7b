import type { UserType } from '@spaceboard/domain'

/** How a user type reads on screen. */
export const roleLabels: Record<UserType, string> = {
  super: 'Super Admin',
  admin: 'Admin',
  csr: 'CSR',
  basic: 'Basic',
}
