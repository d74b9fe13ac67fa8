import { error } from '@sveltejs/kit';
import { BACKUP_FORMAT, LEGACY_BACKUP_VERSION, zeroCounts, type ItemKind } from './backup-format';
import { byteLines, InvalidUtf8Error, LineTooLongError } from './byte-lines';
import { JsonMemberSplitter, JsonSplitError, PartTooLargeError } from './json-member-splitter';

/**
 * Reads a backup file as it arrives, one value at a time, whichever version it is: the first
 * value is the header, then one per item (`{ kind, … }` as in version 2), then the end mark.
 * A version-2 file is read line by line; a version-1 file (one JSON object) member by member
 * and element by element (JsonMemberSplitter), its items turned into version-2 lines. Nothing
 * is validated here beyond JSON itself: restore.ts checks each value. Every value comes with
 * where it is in the file (`line 12`, `judgeEvents[3]`) for messages.
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
	const probe = Buffer.concat(head);
	const replay = (async function* () {
		yield* head;
		yield* source;
	})();
	if (isLineFile(probe.subarray(0, firstLineEnd < 0 ? probe.length : firstLineEnd))) yield* lineValues(replay, maxItemBytes);
	else yield* legacyValues(replay, maxItemBytes);
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

async function* lineValues(chunks: AsyncIterable<Uint8Array>, maxItemBytes: number): AsyncGenerator<BackupValue> {
	try {
		for await (const { lineNo, text } of byteLines(chunks, maxItemBytes)) {
			let value: unknown;
			try {
				value = JSON.parse(text);
			} catch (e) {
				error(400, `line ${lineNo} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
			}
			yield { where: `line ${lineNo}`, value };
		}
	} catch (e) {
		if (e instanceof LineTooLongError) error(413, `${e.message}: a backup's lines are at most ${maxItemBytes} bytes`);
		if (e instanceof InvalidUtf8Error) error(400, e.message);
		throw e;
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

async function* legacyValues(chunks: AsyncIterable<Uint8Array>, maxItemBytes: number): AsyncGenerator<BackupValue> {
	const decoder = new TextDecoder('utf-8', { fatal: true });
	const splitter = new JsonMemberSplitter(maxItemBytes);
	const header: Record<string, unknown> = {};
	let headerSent = false;
	const counts = zeroCounts();
	const parse = (where: string, json: string): unknown => {
		try {
			return JSON.parse(json);
		} catch (e) {
			error(400, `${where} is not JSON: ${e instanceof Error ? e.message : String(e)}`);
		}
	};
	function* values(parts: ReturnType<JsonMemberSplitter['push']>): Generator<BackupValue> {
		for (const part of parts) {
			const kind = LEGACY_LISTS[part.key];
			if (part.index === null) {
				if (kind) error(400, `${part.key}: not a list`);
				if (LEGACY_HEADER.includes(part.key)) {
					if (headerSent) error(400, `not a ${BACKUP_FORMAT} file: "${part.key}" comes after the lists of items`);
					header[part.key] = parse(part.key, part.json);
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
			yield { where, value: legacyItem(kind, parse(where, part.json)) };
		}
	}
	const decode = (chunk?: Uint8Array) => {
		try {
			return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
		} catch {
			error(400, 'the backup is not valid UTF-8');
		}
	};
	try {
		for await (const chunk of chunks) yield* values(splitter.push(decode(chunk)));
		yield* values(splitter.push(decode()));
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
