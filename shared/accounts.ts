// The roles an account can hold: a list of names on the user (spec section 6).

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];
