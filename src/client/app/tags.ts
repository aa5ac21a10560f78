import type { TagType } from './api';

/** The tag of one entity. */
export const idTag = (type: TagType, id: number | string) => ({ type, id });

/** The tag of a whole list of a type ('LIST'), or of one mode's list (premium, pending…). */
export const listTag = (type: TagType, mode = 'LIST') => ({ type, id: mode });

/**
 * Invalidate only when the mutation succeeded: a refused save changed nothing on the server,
 * and refetching then would throw away what the user is still correcting.
 */
export const invalidateOnSuccess =
  <T>(tags: T[]) =>
  (_result: unknown, error: unknown) =>
    error ? [] : tags;
