import { checkJsonBytes, MAX_JSON_DEPTH, type JsonBytesProblem } from './json-bytes-check';
import { jsonPathAt } from './json-path-at';

/**
 * A request body read as JSON on the server: refused (with a message that says where) when it
 * nests deeper than MAX_JSON_DEPTH, is not UTF-8, holds a lone UTF-16 surrogate or is not JSON.
 * Pure and free of SvelteKit, so that the push validation threads use it too.
 */

/** The body is not JSON that the server accepts (answered 400 with this message). */
export class JsonBodyError extends Error {}

/** Where the bytes checked lie in a larger body (a line of a backup, an item of one of its lists). */
export interface JsonBytesPlace {
	/** How many bytes of the body come before them: offsets are said in the whole body. */
	offset?: number;
	/** The path of the value they hold (`judgeEvents[3]`): the fields found in them are named after it. */
	path?: string;
}

/** The message of a problem found by checkJsonBytes, naming the field it is in. */
export function describeJsonBytesProblem(bytes: Uint8Array, problem: JsonBytesProblem, place: JsonBytesPlace = {}): string {
	const at = `byte ${problem.offset + (place.offset ?? 0)}`;
	if (problem.kind === 'depth')
		return `${place.path ? `${place.path}: ` : ''}the body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels (at ${at}); no request needs more than a few`;
	const found = jsonPathAt(bytes, problem.offset);
	const path = place.path ? joinPath(place.path, found.path) : found.path;
	const where = found.inName ? `a property name in ${path}` : path;
	if (problem.kind === 'utf8') return `${where}: the body is not valid UTF-8 (${at} is 0x${bytes[problem.offset]!.toString(16).padStart(2, '0')}); send text as UTF-8`;
	return `${where}: a lone UTF-16 surrogate escape (${at}) is not text; send whole characters`;
}

/** `judgeEvents[3]` and `event.note` → `judgeEvents[3].event.note` (jsonPathAt says `(root)` for the value itself). */
function joinPath(outer: string, inner: string): string {
	if (inner === '(root)') return outer;
	return inner.startsWith('[') ? `${outer}${inner}` : `${outer}.${inner}`;
}

/** Throws JsonBodyError when checkJsonBytes finds a problem in the body. */
export function refuseUnfitJsonBytes(bytes: Uint8Array): void {
	const problem = checkJsonBytes(bytes);
	if (problem) throw new JsonBodyError(describeJsonBytesProblem(bytes, problem));
}

/** The body checked (refuseUnfitJsonBytes), decoded (a leading byte-order mark is dropped) and parsed. */
export function parseJsonBytes(bytes: Uint8Array): unknown {
	refuseUnfitJsonBytes(bytes);
	return parseCheckedJsonBytes(bytes);
}

/** Decodes and parses a body that refuseUnfitJsonBytes already accepted. */
export function parseCheckedJsonBytes(bytes: Uint8Array): unknown {
	const text = new TextDecoder('utf-8').decode(bytes);
	try {
		return JSON.parse(text);
	} catch (e) {
		throw new JsonBodyError(`the body is not JSON: ${e instanceof Error ? e.message : String(e)}`);
	}
}

/** The body as text, after the same checks (for bodies that are parsed elsewhere, such as an imported event file). */
export function jsonBytesToText(bytes: Uint8Array): string {
	refuseUnfitJsonBytes(bytes);
	return new TextDecoder('utf-8').decode(bytes);
}
