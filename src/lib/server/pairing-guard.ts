import { isIPv4, isIPv6 } from 'node:net';
import type { PairingFailures } from '$lib/contract';

/**
 * Throttling of wrong pairing codes (POST /api/pair) and of wrong table-card secrets (POST
 * /api/pair/card, issue 29 #6; one guard for both, pairing.ts): token buckets per client address
 * and per event, and what the organizer sees of failed attempts. A wrong code takes one token from
 * its address's bucket and from the bucket of every event it could have been meant for (each event
 * holding a live code); when a bucket is empty, codes are not even looked at until it refills
 * (429 with Retry-After). A right code takes nothing, so a tablet that typed a few typos pairs
 * at once, and after more than a few within seconds.
 *
 * Kept in memory, not in SQLite: the state lives seconds to minutes (codes 15), a restart that
 * forgets it costs an attacker nothing he could not get by waiting a minute, and writing each
 * wrong guess to the database would let anyone make the server sync its disk at will, the disk
 * judges' pushes wait on. The data-directory lock (scripts/data-dir-lock.js) keeps it to one
 * process per store, so no second server keeps counts of its own.
 */

export interface BucketLimit {
	/** How many wrong codes in a row before waiting. */
	burst: number;
	/** One more every this many ms. */
	refillMs: number;
}

/** A few per minute per address: 5 at once, then one every 12 s. */
export const ADDRESS_LIMIT: BucketLimit = { burst: 5, refillMs: 12_000 };
/** More per event (every address together): 30 at once, then one every 2 s. */
export const EVENT_LIMIT: BucketLimit = { burst: 30, refillMs: 2_000 };
/** Buckets kept at most per kind; full ones go first, then the oldest. */
const MAX_BUCKETS = 10_000;

class TokenBucket {
	private tokens: number;
	private at: number;

	constructor(
		private readonly limit: BucketLimit,
		now: number
	) {
		this.tokens = limit.burst;
		this.at = now;
	}

	private refill(now: number): void {
		if (now <= this.at) return;
		this.tokens = Math.min(this.limit.burst, this.tokens + (now - this.at) / this.limit.refillMs);
		this.at = now;
	}

	/** How long until a token is there (0: now). */
	wait(now: number): number {
		this.refill(now);
		return this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) * this.limit.refillMs);
	}

	take(now: number): void {
		this.refill(now);
		this.tokens = Math.max(0, this.tokens - 1);
	}

	full(now: number): boolean {
		this.refill(now);
		return this.tokens >= this.limit.burst;
	}
}

class Buckets {
	private readonly map = new Map<string, TokenBucket>();

	constructor(private readonly limit: BucketLimit) {}

	wait(key: string, now: number): number {
		return this.map.get(key)?.wait(now) ?? 0;
	}

	take(key: string, now: number): void {
		let bucket = this.map.get(key);
		if (!bucket) {
			this.prune(now);
			this.map.set(key, (bucket = new TokenBucket(this.limit, now)));
		}
		bucket.take(now);
	}

	private prune(now: number): void {
		if (this.map.size < MAX_BUCKETS) return;
		for (const [key, bucket] of this.map) if (bucket.full(now)) this.map.delete(key);
		for (const key of this.map.keys()) {
			if (this.map.size < MAX_BUCKETS) break;
			this.map.delete(key);
		}
	}
}

/**
 * The key an address is throttled by: an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d)
 * as it is, an IPv6 address by its /64 (one subscriber's network: changing the last 64 bits
 * changes nothing), anything else as written.
 */
export function addressKey(address: string): string {
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
	if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
	if (!isIPv6(address)) return address;
	const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
	const left = head ? head.split(':') : [];
	const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
	const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
	return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export class PairingGuard {
	private readonly addresses: Buckets;
	private readonly events: Buckets;
	private readonly failures = new Map<string, PairingFailures>();

	constructor(limits: { address: BucketLimit; event: BucketLimit } = { address: ADDRESS_LIMIT, event: EVENT_LIMIT }) {
		this.addresses = new Buckets(limits.address);
		this.events = new Buckets(limits.event);
	}

	/** How long `address` must wait before a code of it is looked at (0: now). */
	addressWait(address: string, now: number): number {
		return this.addresses.wait(addressKey(address), now);
	}

	/** How long until codes of every one of `eventIds` are looked at again (0: now). */
	eventWait(eventIds: Iterable<string>, now: number): number {
		let wait = 0;
		for (const id of eventIds) wait = Math.max(wait, this.events.wait(id, now));
		return wait;
	}

	/** A wrong code (or one refused unread) from `address`, that could have been meant for `eventIds`. */
	failed(address: string, eventIds: Iterable<string>, now: number, charge: boolean): void {
		if (charge) this.addresses.take(addressKey(address), now);
		for (const id of eventIds) {
			if (charge) this.events.take(id, now);
			const seen = this.failures.get(id);
			this.failures.set(id, { count: (seen?.count ?? 0) + 1, lastAt: now, lastAddress: address });
		}
	}

	/** Failed attempts that could have been meant for the event since the server started; null when none. */
	failuresOf(eventId: string): PairingFailures | null {
		return this.failures.get(eventId) ?? null;
	}
}

/** The server's guard: one per process (the data directory's lock makes that one per store). */
export const pairingGuard = new PairingGuard();

/** The client's address as the guard keys it (adapter-node: the socket's, or ADDRESS_HEADER's behind a proxy); "unknown" when there is none. */
export function clientAddress(get: () => string): string {
	try {
		return get();
	} catch {
		return 'unknown';
	}
}
