/** Prefix of every reviewer query: a saved or submitted review changes the list and the progress too. */
export const reviewQueryKey = ['review'] as const;
