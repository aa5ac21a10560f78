import type { TagDescription } from '@reduxjs/toolkit/query';
import type { TagType } from './api';

/** The tag of one entity. */
export const idTag = (type: TagType, id: number | string) => ({ type, id });

/** The tag of a whole list of a type ('LIST'), or of one mode's list (premium, pending…). */
export const listTag = (type: TagType, mode = 'LIST') => ({ type, id: mode });

type Tags = readonly TagDescription<TagType>[];

/**
 * A mutation's invalidatesTags: the tags, or the tags its argument names, only when it succeeded.
 * A refused save changed nothing on the server, and refetching then would throw away what the
 * user is still correcting.
 */
export function invalidateOnSuccess<Arg>(tags: Tags | ((arg: Arg) => Tags)) {
  return (_result: unknown, error: unknown, arg: Arg): Tags => {
    if (error) return [];
    return typeof tags === 'function' ? tags(arg) : tags;
  };
}
