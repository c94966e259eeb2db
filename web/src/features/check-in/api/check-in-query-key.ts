/** Every check-in query starts with this key, so a check-in can refresh them all. */
export const checkInQueryKey = ['check-in'] as const;
