import type { EventOf } from '$lib/events/schema';

/**
 * A confirmed check's payload: `missingFromBox` only when the judge entered some, so that a
 * check without pieces from the box is written as it always was (and a version-1 reader of the
 * tablet's file would read it).
 */
export function checkPayload(ref: string, missingPieces: number, missingFromBox: number): EventOf<'check.confirmed'>['payload'] {
	return missingFromBox > 0 ? { ref, missingPieces, missingFromBox } : { ref, missingPieces };
}
