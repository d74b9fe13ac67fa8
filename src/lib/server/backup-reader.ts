import { error } from '@sveltejs/kit';
import { BACKUP_FORMAT, LEGACY_BACKUP_VERSION, zeroCounts, type ItemKind } from './backup-format';
import { byteLines, LineTooLongError } from './byte-lines';
import { describeJsonBytesProblem } from './json-body';
import { checkJsonBytes, MAX_JSON_DEPTH } from './json-bytes-check';
import { JsonMemberSplitter, JsonSplitError, PartTooLargeError, type JsonPart } from './json-member-splitter';

/**
 * Reads a backup file as it arrives, one value at a time, whichever version it is: the first
 * value is the header, then one per item (`{ kind, … }` as in version 2), then the end mark.
 * A version-2 file is read line by line; a version-1 file (one JSON object) member by member
 * and element by element (JsonMemberSplitter), its items turned into version-2 lines. Each line
 * or item is checked as every JSON body is (json-bytes-check.ts: nesting deeper than 64 counted
 * from the file's top, bytes that are not UTF-8, lone surrogates) before it is parsed, and
 * refused with 400 naming the line or item and the field. Nothing is validated here beyond
 * that and JSON itself: restore.ts checks each value. Every value comes with where it is in the
 * file (`line 12`, `judgeEvents[3]`) for messages.
 */

/** The longest line (version 2) or item (version 1) read: far more than any item needs. */
export const MAX_ITEM_BYTES = 16 * 1024 * 1024;
/** How far the first line is looked for, to tell the versions apart. */
const PROBE_BYTES = 1024 * 1024;

export interface BackupValue {
	where: string;
	value: unknown;
}

export interface ReadOptions {
	/** Told the bytes read so far, as they come. */
	onBytes?: (bytes: number) => void;
	maxItemBytes?: number;
}

export async function* readBackup(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: ReadOptions = {}): AsyncGenerator<BackupValue> {
	const maxItemBytes = options.maxItemBytes ?? MAX_ITEM_BYTES;
	let bytes = 0;
	const source = (async function* () {
		for await (const chunk of body) {
			bytes += chunk.byteLength;
			options.onBytes?.(bytes);
			yield chunk;
		}
	})();
	// The beginning, until the first line ends: a version-2 header, or the start of a version-1 object.
	const head: Uint8Array[] = [];
	let headBytes = 0;
	let firstLineEnd = -1;
	while (firstLineEnd < 0 && headBytes < PROBE_BYTES) {
		const next = await source.next();
		if (next.done) break;
		const at = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength).indexOf(0x0a);
		if (at >= 0) firstLineEnd = headBytes + at;
		head.push(next.value);
		headBytes += next.value.byteLength;
	}
	if (headBytes === 0) error(400, 'the backup is empty');
	const whole = Buffer.concat(head);
	// A byte-order mark (an editor's) is not part of the file's JSON.
	const bom = whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf ? 3 : 0;
	const probe = whole.subarray(bom);
	const firstLine = probe.subarray(0, firstLineEnd < 0 ? probe.length : firstLineEnd - bom);
	const replay = (async function* () {
		yield probe;
		yield* source;
	})();
	if (isLineFile(firstLine)) return yield* lineValues(replay, maxItemBytes, bom);
	// Not one value a line, nor one object (version 1): no backup. Nested too deep (a body of ten
	// million `[`), it is refused as every body is, at its 65th level, without being read further.
	if (!startsObject(firstLine)) {
		const deep = checkJsonBytes(firstLine);
		if (deep?.kind === 'depth') error(400, describeJsonBytesProblem(firstLine, deep, { offset: bom }));
	}
	yield* legacyValues(replay, maxItemBytes, bom);
}

/** The bytes begin with `{` (after white space). */
function startsObject(bytes: Uint8Array): boolean {
	for (const b of bytes) if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return b === 0x7b;
	return false;
}

/** A first line that is JSON on its own, and not of version 1: the file has one value a line. */
function isLineFile(firstLine: Buffer): boolean {
	try {
		const header = JSON.parse(firstLine.toString('utf8')) as unknown;
		return typeof header === 'object' && header !== null && (header as { version?: unknown }).version !== LEGACY_BACKUP_VERSION;
	} catch {
		return false;
	}
}

async function* lineValues(chunks: AsyncIterable<Uint8Array>, maxItemBytes: number, offset: number): AsyncGenerator<BackupValue> {
	try {
		for await (const { lineNo, bytes, offset: at } of byteLines(chunks, maxItemBytes)) {
			const where = `line ${lineNo}`;
			const text = checkedText(bytes, { where, offset: offset + at, depthAbove: 0 });
			if (text.trim() === '') continue;
			yield { where, value: parsed(where, text) };
		}
	} catch (e) {
		if (e instanceof LineTooLongError) error(413, `${e.message}: a backup's lines are at most ${maxItemBytes} bytes`);
		throw e;
	}
}

/**
 * The bytes of a line or item as text, once checked as a JSON body is (json-bytes-check.ts);
 * 400 naming where, and the field, when they are not fit. `depthAbove`: the levels of the file
 * around them (nesting is limited from the file's top).
 */
function checkedText(bytes: Uint8Array, place: { where: string; offset: number; depthAbove: number; path?: string }): string {
	const problem = checkJsonBytes(bytes, MAX_JSON_DEPTH - place.depthAbove);
	if (problem) {
		const message = describeJsonBytesProblem(bytes, problem, { offset: place.offset, path: place.path });
		error(400, place.path ? message : `${place.where}: ${message}`);
	}
	return decoder.decode(bytes);
}

const decoder = new TextDecoder('utf-8');

function parsed(where: string, text: string): unknown {
	try {
		return JSON.parse(text);
	} catch (e) {
		error(400, `${where} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
	}
}

/** The members of a version-1 file that list items, and the kind of each. */
const LEGACY_LISTS: Record<string, ItemKind> = {
	rulesets: 'ruleset',
	competitions: 'competition',
	heats: 'heat',
	entries: 'entry',
	devices: 'device',
	judgeEvents: 'judgeEvent',
	publications: 'publication',
	merges: 'merge'
};
const LEGACY_HEADER = ['format', 'version', 'exportedAt', 'event'];

async function* legacyValues(chunks: AsyncIterable<Uint8Array>, maxItemBytes: number, offset: number): AsyncGenerator<BackupValue> {
	const splitter = new JsonMemberSplitter(maxItemBytes);
	const header: Record<string, unknown> = {};
	let headerSent = false;
	const counts = zeroCounts();
	// A member's value lies in the file's object, a list's item one level deeper.
	const parse = (where: string, part: JsonPart): unknown => parsed(where, checkedText(part.bytes, { where, path: where, offset: offset + part.offset, depthAbove: part.index === null ? 1 : 2 }));
	function* values(parts: JsonPart[]): Generator<BackupValue> {
		for (const part of parts) {
			const kind = LEGACY_LISTS[part.key];
			if (part.index === null) {
				if (kind) error(400, `${part.key}: not a list`);
				if (LEGACY_HEADER.includes(part.key)) {
					if (headerSent) error(400, `not a ${BACKUP_FORMAT} file: "${part.key}" comes after the lists of items`);
					header[part.key] = parse(part.key, part);
				}
				continue;
			}
			// Members the format does not know are skipped, as an older reader skipped them.
			if (!kind) continue;
			if (!headerSent) {
				headerSent = true;
				yield { where: '(the file)', value: header };
			}
			counts[kind]++;
			const where = `${part.key}[${part.index}]`;
			yield { where, value: legacyItem(kind, parse(where, part)) };
		}
	}
	try {
		for await (const chunk of chunks) yield* values(splitter.push(chunk));
		splitter.end();
	} catch (e) {
		if (e instanceof PartTooLargeError) error(413, `${e.message}: a backup's items are at most ${maxItemBytes} bytes`);
		if (e instanceof JsonSplitError) error(400, `not a ${BACKUP_FORMAT} file: ${e.message}`);
		throw e;
	}
	if (!headerSent) yield { where: '(the file)', value: header };
	yield { where: '(the end of the file)', value: { kind: 'end', counts } };
}

/** An item of a version-1 list as the version-2 line of its kind. */
function legacyItem(kind: ItemKind, item: unknown): unknown {
	const o = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
	switch (kind) {
		case 'competition': {
			if (!o) return { kind, competition: item };
			const { origin, ...competition } = o;
			return { kind, competition, origin };
		}
		case 'judgeEvent':
			return o ? { kind, serverSeq: null, receivedAt: o.receivedAt, tokenId: o.tokenId, event: o.event } : { kind, serverSeq: null, receivedAt: null, tokenId: null, event: item };
		default:
			return { kind, [kind]: item };
	}
}
