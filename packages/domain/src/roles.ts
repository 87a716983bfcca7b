export const userTypes = ['super', 'admin', 'csr', 'basic'] as const
export type UserType = (typeof userTypes)[number]

export const plans = ['custom', 'free', 'core', 'pro', 'enterprise'] as const
export type Plan = (typeof plans)[number]
