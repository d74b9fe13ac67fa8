import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { LiveCompetition } from '$lib/contract';

/** One competition's live resource as sent: its JSON and the ETag of exactly those bytes. */
export interface LiveBody {
	json: string;
	etag: string;
	/** The JSON gzipped, made once per version for every viewer that accepts it (a 170-seat round: ≈ 55 KB → ≈ 6 KB). */
	gzip: () => Uint8Array;
	/** Some heat still runs: what it says may change with time alone (a limit reached, a mark settled). */
	running: boolean;
	/** What the JSON says (the live publisher works out the change from one version to the next). */
	value: LiveCompetition;
}

type Compute = (eventId: string, competitionId: string, now: number) => LiveCompetition;

/** The ETag of a body: a strong one, from its bytes, so that equal answers share it. */
export function etagOf(json: string): string {
	return `"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
}

/**
 * The live resources of the server's competitions, each worked out at most once per `maxAgeMs`
 * however many viewers ask (the scorer reads the competition's whole log), and at once after a
 * change (`forget`). What a viewer gets is at most `maxAgeMs` old plus a cache's own age.
 */
export class LiveCache {
	readonly #bodies = new Map<string, LiveBody & { at: number }>();

	constructor(
		private readonly compute: Compute,
		private readonly maxAgeMs = 1_000
	) {}

	/** The competition's live resource at `now` (the compute's errors, e.g. 404 when not live, pass through uncached). */
	read(eventId: string, competitionId: string, now: number): LiveBody {
		const key = keyOf(eventId, competitionId);
		const kept = this.#bodies.get(key);
		if (kept && now - kept.at < this.maxAgeMs && now >= kept.at) return kept;
		const value = this.compute(eventId, competitionId, now);
		const json = JSON.stringify(value);
		const same = kept?.json === json;
		const body = { json, etag: same ? kept.etag : etagOf(json), gzip: same ? kept.gzip : gzipOnce(json), running: value.heats.some((h) => h.stillGoing > 0 || h.phase === 'preview' || h.phase === 'running'), value, at: now };
		this.#bodies.set(key, body);
		return body;
	}

	/** What is kept of the competition, without working it out again (undefined when nothing is). */
	peek(eventId: string, competitionId: string): LiveBody | undefined {
		return this.#bodies.get(keyOf(eventId, competitionId));
	}

	/** The next read works the competition out again (new judge events, a publication, the switch). */
	forget(eventId: string, competitionId: string): void {
		const kept = this.#bodies.get(keyOf(eventId, competitionId));
		if (kept) kept.at = -Infinity;
	}

	/** Drops what is kept of the competition (it is no longer shown live). */
	drop(eventId: string, competitionId: string): void {
		this.#bodies.delete(keyOf(eventId, competitionId));
	}
}

/** The text gzipped when first asked for, then kept. */
export function gzipOnce(text: string): () => Uint8Array {
	let zipped: Uint8Array | undefined;
	return () => (zipped ??= gzipSync(text));
}

const keyOf = (eventId: string, competitionId: string) => `${eventId}\n${competitionId}`;
