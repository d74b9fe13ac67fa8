/**
 * Reads one JSON object of any size as its bytes (UTF-8) arrive, and hands out its parts one at
 * a time: each member's value, except that a member whose value is an array is handed out
 * element by element. `{"a":1,"list":[{…},{…}]}` gives `a` → `1`, then `list[0]` → `{…}`,
 * `list[1]` → `{…}`. Only the part being read is held, so a file of hundreds of megabytes (a
 * version-1 backup) is read in little memory. The parts are handed out as bytes, unchecked and
 * unparsed: the reader checks each (json-bytes-check.ts) and parses it.
 *
 * The scan knows strings, escapes and nesting, no more: a part's own syntax is left to
 * JSON.parse. The object's outline (braces, keys, colons, commas) is checked here. Every byte it
 * looks for is ASCII, which never occurs inside a multi-byte UTF-8 character.
 */

export interface JsonPart {
	key: string;
	/** The element's position when the member's value is an array; null for a whole value. */
	index: number | null;
	/** The part's bytes, without the white space around them. */
	bytes: Uint8Array;
	/** Where they start in the whole text (bytes before them). */
	offset: number;
}

export class JsonSplitError extends Error {}

export class PartTooLargeError extends JsonSplitError {
	constructor(
		readonly where: string,
		readonly maxBytes: number
	) {
		super(`${where} is longer than ${maxBytes} bytes`);
	}
}

type State = 'start' | 'key-or-end' | 'key' | 'colon' | 'value' | 'element-or-end' | 'element' | 'after-element' | 'after-member' | 'done';

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

export class JsonMemberSplitter {
	private state: State = 'start';
	/** Bytes read before the current chunk (for messages and offsets). */
	private offset = 0;
	private key = '';
	private index = 0;
	/** The part being read: bytes of earlier chunks (copied), and where it starts in the current one. */
	private carried: Buffer[] = [];
	private carriedBytes = 0;
	private partStart = -1;
	/** Where the part being read starts in the whole text. */
	private partOffset = 0;
	private depth = 0;
	private inString = false;
	private escaped = false;
	private members = 0;

	constructor(private readonly maxPartBytes: number) {}

	/** Feeds the next bytes; returns the parts completed in them. */
	push(chunk: Uint8Array): JsonPart[] {
		const parts: JsonPart[] = [];
		let i = 0;
		const n = chunk.length;
		while (i < n) {
			const c = chunk[i]!;
			switch (this.state) {
				case 'start':
				case 'key-or-end':
				case 'colon':
				case 'element-or-end':
				case 'after-element':
				case 'after-member':
				case 'done':
					if (isSpace(c) || this.outline(c, i)) break;
					// Not consumed: the first byte of an array's element.
					continue;
				case 'key':
				case 'value':
				case 'element':
					i = this.scan(chunk, i, parts);
					continue;
			}
			i++;
		}
		this.keepPart(chunk);
		this.offset += n;
		return parts;
	}

	/** The text has ended: the object must be complete. */
	end(): void {
		if (this.state !== 'done') throw new JsonSplitError(this.state === 'start' ? 'the file is empty' : `the file ends in the middle (after ${this.offset} bytes)`);
	}

	private fail(what: string, at: number): never {
		throw new JsonSplitError(`${what} at byte ${this.offset + at + 1}`);
	}

	private get reading(): boolean {
		return this.partStart >= 0 || this.carriedBytes > 0;
	}

	/** A byte of the object's outline (outside any part); false when it starts an element instead. */
	private outline(c: number, i: number): boolean {
		this.reads(c, i);
		return !(this.state === 'element' && c !== COMMA);
	}

	private reads(c: number, i: number): void {
		switch (this.state) {
			case 'start':
				if (c !== OPEN_OBJECT) this.fail('expected a JSON object ("{")', i);
				this.state = 'key-or-end';
				return;
			case 'key-or-end':
				if (c === CLOSE_OBJECT && this.members === 0) return void (this.state = 'done');
				if (c !== QUOTE) this.fail('expected a key in quotes', i);
				this.begin(i);
				this.inString = true;
				this.state = 'key';
				return;
			case 'colon':
				if (c !== COLON) this.fail('expected ":"', i);
				this.state = 'value';
				return;
			case 'element-or-end':
				this.state = c === CLOSE_ARRAY ? 'after-member' : 'element';
				return;
			case 'after-element':
				if (c === COMMA) return void (this.state = 'element');
				if (c === CLOSE_ARRAY) return void (this.state = 'after-member');
				this.fail('expected "," or "]"', i);
				return;
			case 'after-member':
				this.members++;
				if (c === COMMA) return void (this.state = 'key-or-end');
				if (c === CLOSE_OBJECT) return void (this.state = 'done');
				this.fail('expected "," or "}"', i);
				return;
			case 'done':
				this.fail('unexpected text after the object', i);
		}
	}

	/**
	 * Reads a key, a member's value or an array element from `i`; returns where it stopped
	 * (at the byte that ended the part, which belongs to the outline).
	 */
	private scan(chunk: Uint8Array, i: number, parts: JsonPart[]): number {
		const n = chunk.length;
		if (!this.reading) {
			// Skip the space before the value, and see whether it is an array to split.
			while (i < n && isSpace(chunk[i]!)) i++;
			if (i === n) return n;
			if (this.state === 'value' && chunk[i] === OPEN_ARRAY) {
				this.index = 0;
				this.state = 'element-or-end';
				return i + 1;
			}
			if (this.state === 'element' && chunk[i] === CLOSE_ARRAY) this.fail('expected an element', i);
			this.begin(i);
		}
		for (; i < n; i++) {
			const c = chunk[i]!;
			if (this.inString) {
				if (this.escaped) this.escaped = false;
				else if (c === BACKSLASH) this.escaped = true;
				else if (c === QUOTE) {
					this.inString = false;
					if (this.state === 'key') {
						this.key = this.finishKey(this.take(chunk, i + 1), i);
						this.state = 'colon';
						return i + 1;
					}
				}
				continue;
			}
			if (c === QUOTE) this.inString = true;
			else if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.depth++;
			else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === COMMA) {
				if (this.depth > 0) {
					if (c !== COMMA) this.depth--;
					continue;
				}
				// The part ends here; the byte belongs to the outline around it.
				const offset = this.partOffset;
				const bytes = trimEnd(this.take(chunk, i));
				if (this.state === 'value') {
					parts.push({ key: this.key, index: null, bytes, offset });
					this.state = 'after-member';
				} else {
					parts.push({ key: this.key, index: this.index++, bytes, offset });
					this.state = 'after-element';
				}
				return i;
			}
		}
		return n;
	}

	private begin(i: number): void {
		this.partStart = i;
		this.partOffset = this.offset + i;
		this.carried = [];
		this.carriedBytes = 0;
		this.depth = 0;
		this.escaped = false;
	}

	/** The part's bytes up to `end` (not included); the part is then over. */
	private take(chunk: Uint8Array, end: number): Uint8Array {
		const tail = chunk.subarray(Math.max(0, this.partStart), end);
		if (this.carriedBytes + tail.length > this.maxPartBytes) this.tooLarge();
		const whole = this.carriedBytes === 0 ? tail : Buffer.concat([...this.carried, tail]);
		this.carried = [];
		this.carriedBytes = 0;
		this.partStart = -1;
		return whole;
	}

	/** At the end of a chunk, the unfinished part's bytes are carried to the next (copied: the chunk's memory may be reused). */
	private keepPart(chunk: Uint8Array): void {
		if (!this.reading) return;
		if (this.state !== 'key' && this.state !== 'value' && this.state !== 'element') return;
		const rest = chunk.subarray(Math.max(0, this.partStart));
		this.carried.push(Buffer.from(rest));
		this.carriedBytes += rest.length;
		this.partStart = 0;
		if (this.carriedBytes > this.maxPartBytes) this.tooLarge();
	}

	private tooLarge(): never {
		const where = this.state === 'element' ? `${this.key}[${this.index}]` : this.state === 'key' ? 'a key' : this.key;
		throw new PartTooLargeError(where, this.maxPartBytes);
	}

	private finishKey(raw: Uint8Array, at: number): string {
		try {
			return JSON.parse(utf8.decode(raw)) as string;
		} catch {
			this.fail('a key is not a valid JSON string', at);
		}
	}
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes without the JSON white space at their end (a part starts at its first byte already). */
function trimEnd(bytes: Uint8Array): Uint8Array {
	let end = bytes.length;
	while (end > 0 && isSpace(bytes[end - 1]!)) end--;
	return end === bytes.length ? bytes : bytes.subarray(0, end);
}
