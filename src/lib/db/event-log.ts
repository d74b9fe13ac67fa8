import type { ActionEvent, CorrectionEvent, JudgeEvent } from '$lib/events/schema';
import { loadEventChecks, loadedEventChecks } from './event-checks';
import type { StationDb } from './station-db';
import { queueEvents, type QueueResult } from './outbox';
import { addNow } from './issue-now';

type Stamped = 'id' | 'deviceId' | 'seq';
/** An event as an action makes it: the log adds the device, its sequence number and the ID. */
export type EventDraft = Omit<ActionEvent, Stamped> | Omit<CorrectionEvent, Stamped>;

const DEVICE_KEY = 'deviceId';
/** Tabs of the station on one tablet tell each other about the events they store (the sync engine listens too). */
export const EVENTS_CHANNEL = 'puzzle-judge.events';
/** Written by earlier versions with every event; still read, so a number is never taken twice. */
const SEQ_KEY = 'nextSeq';

/** A message of the events channel as EventLog.write and the pull post it: a stored event. */
function isPostedEvent(data: unknown): data is JudgeEvent {
	if (typeof data !== 'object' || data === null) return false;
	const { id, deviceId, seq, type } = data as Record<string, unknown>;
	return typeof id === 'string' && typeof deviceId === 'string' && Number.isSafeInteger(seq) && typeof type === 'string';
}

function newDeviceId(): string {
	return `tab-${crypto.randomUUID().slice(0, 8)}`;
}

/** The device's ID from `meta`, made and stored the first time (inside a transaction on `meta`). */
async function storedDeviceId(db: StationDb): Promise<string> {
	const stored = (await db.meta.get(DEVICE_KEY))?.value;
	if (typeof stored === 'string') return stored;
	const made = newDeviceId();
	await db.meta.put({ key: DEVICE_KEY, value: made });
	return made;
}

/**
 * This device's ID: the `deviceId` of every event it records, and what the server binds its
 * pairing to (docs/sync.md, "Events apart, devices bound"). Made on first use, by pairing or by
 * the first EventLog.open, whichever comes first; never changed.
 */
export function deviceIdOf(db: StationDb): Promise<string> {
	return db.transaction('rw', db.meta, () => storedDeviceId(db));
}

/**
 * This device's judge-event log in IndexedDB. Every append is one strict-durability write of
 * one event and its outbox row (src/lib/db/outbox.ts), so a tap is either fully on disk and
 * queued for the server or not at all. Sequence numbers are never
 * reused, not even after a reload or a crash between two taps: events are never deleted, so
 * the highest stored number is the floor. (Anything that ever prunes events must keep that
 * floor: `open` also honours a `nextSeq` row in `meta`, which older versions wrote.)
 */
export class EventLog {
	/** One channel per database; null where there is no BroadcastChannel (each tab then sees its own taps). */
	private readonly channel: BroadcastChannel | null;
	private readonly listeners = new Set<(event: JudgeEvent) => void>();
	private readonly appendListeners = new Set<(event: JudgeEvent) => void>();

	private constructor(
		/** The database it writes to (the heat's photos are stored beside its events). */
		readonly db: StationDb,
		readonly deviceId: string,
		private nextSeq: number,
		private readonly now: () => number
	) {
		this.channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${EVENTS_CHANNEL}:${db.name}`) : null;
		this.channel?.addEventListener('message', (m: MessageEvent) => this.received(m.data));
		// Under Node (tests, scripts) an open channel would keep the process alive.
		(this.channel as { unref?: () => void } | null)?.unref?.();
	}

	/**
	 * An event another tab stored (already durable there, and so here: it is one database). Not
	 * parsed again: only this origin's tabs post on the channel, and they post what they wrote
	 * to this same database (checked by their EventLog.write) or pulled into it (checked by the
	 * pull), which this tab reads from IndexedDB unparsed too. Anything else is ignored.
	 */
	private received(data: unknown): void {
		if (!isPostedEvent(data)) return;
		// Another tab of this device numbered it: ours continue after it, without a refused write.
		if (data.deviceId === this.deviceId && data.seq >= this.nextSeq) this.nextSeq = data.seq + 1;
		try {
			for (const listener of this.listeners) listener(data);
		} catch {
			// A listener's trouble is its own: the event is stored all the same.
		}
	}

	/**
	 * Calls `listener` with each event that another tab of the station stores, or that this tab
	 * pulled (`arrived`); returns the unsubscribe.
	 */
	onOtherTab(listener: (event: JudgeEvent) => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/**
	 * Calls `listener` after each event this log stored and queued (e.g. the sync engine, to
	 * push soon); returns the unsubscribe. A listener that throws does not undo the append.
	 */
	onAppend(listener: (event: JudgeEvent) => void): () => void {
		this.appendListeners.add(listener);
		return () => this.appendListeners.delete(listener);
	}

	/**
	 * Events this tab stored from elsewhere (a pull): told to this tab's `onOtherTab` listeners
	 * and posted to the other tabs, once each (the channel does not bring a post back to its sender).
	 */
	arrived(events: readonly JudgeEvent[]): void {
		for (const e of events) {
			this.channel?.postMessage(e);
			this.received(e);
		}
	}

	/** Stops listening to other tabs (a closed log). */
	close(): void {
		this.listeners.clear();
		this.appendListeners.clear();
		this.channel?.close();
	}

	/** `now` stamps the outbox rows (default Date.now; injected by tests). */
	static async open(db: StationDb, options: { now?: () => number } = {}): Promise<EventLog> {
		const now = options.now ?? (() => Date.now());
		return db.transaction('rw', db.meta, db.events, async () => {
			const deviceId = await storedDeviceId(db);
			const stored = (await db.meta.get(SEQ_KEY))?.value;
			const last = await db.events.where('[deviceId+seq]').between([deviceId, 0], [deviceId, Infinity]).last();
			const next = Math.max(typeof stored === 'number' ? stored : 1, (last?.seq ?? 0) + 1);
			return new EventLog(db, deviceId, next, now);
		});
	}

	/** Appends run one after another, so two quick taps never take the same sequence number. */
	private queue: Promise<unknown> = Promise.resolve();
	/** Appends (and imports) not settled yet: with none, the next one is issued at once. */
	private pending = 0;

	/**
	 * Stores the event durably and returns it as stored. Invalid events are refused, nothing
	 * written. When no other write is under way, the transaction is issued before this returns
	 * (in the tap's own handler, before anything renders); otherwise it follows the one before.
	 */
	append(draft: EventDraft): Promise<JudgeEvent> {
		return this.serially(() => this.write(draft));
	}

	private serially<T>(job: () => Promise<T>): Promise<T> {
		const idle = this.pending === 0;
		this.pending++;
		const run = (idle ? job() : this.queue.then(job)).finally(() => this.pending--);
		this.queue = run.catch(() => undefined);
		return run;
	}

	private async write(draft: EventDraft, attempt = 0): Promise<JudgeEvent> {
		const seq = this.nextSeq;
		const event = { ...draft, id: `${this.deviceId}-${seq}`, deviceId: this.deviceId, seq } as JudgeEvent;
		// Loaded with the heat's code: then nothing is awaited before the write is issued.
		const { JudgeEventSchema, describeIssues, toIssues } = loadedEventChecks() ?? (await loadEventChecks());
		const checked = JudgeEventSchema.safeParse(event);
		if (!checked.success) throw new Error(`not recorded: ${describeIssues(toIssues(checked.error))}`);
		// What zod returns is a plain copy: UI state (Svelte proxies) cannot be stored as such.
		const stored = checked.data as JudgeEvent;
		try {
			// One strict transaction holds the event and its outbox row: a tap is recorded and queued
			// for the server, or neither. The number needs no row of its own, since events are never
			// deleted and `open` continues after the highest.
			await this.store(stored);
		} catch (e) {
			// The ID is taken: another tab of the station took that number (continue after its last
			// one), or an event of another device came with that ID (pulled, imported): skip the number.
			if ((e as { name?: unknown } | null)?.name === 'ConstraintError' && attempt < 5) {
				this.nextSeq = Math.max((await this.highestSeq()) + 1, seq + 1);
				return this.write(draft, attempt + 1);
			}
			throw e;
		}
		this.nextSeq = Math.max(this.nextSeq, seq + 1);
		this.channel?.postMessage(stored);
		for (const listener of this.appendListeners) {
			try {
				listener(stored);
			} catch {
				// A listener's trouble (e.g. sync) is not the tap's: the event is stored.
			}
		}
		return stored;
	}

	/** The event and its outbox row in one strict transaction: issued now when the database is open. */
	private store(event: JudgeEvent): Promise<unknown> {
		const row = { id: event.id, queuedAt: this.now() };
		if (this.db.isOpen()) {
			try {
				return addNow(this.db.backendDB(), { [this.db.events.name]: event, [this.db.outbox.name]: row });
			} catch {
				// The connection is closing (a version change): Dexie reopens it below.
			}
		}
		return this.db.transaction('rw', this.db.events, this.db.outbox, async () => {
			await this.db.events.add(event);
			await this.db.outbox.add(row);
		});
	}

	/**
	 * Stores and queues for the server events that came from elsewhere (an imported file);
	 * events already held are neither replaced nor queued again. This device's numbers continue
	 * after any of its own events among them.
	 */
	importEvents(events: readonly JudgeEvent[]): Promise<QueueResult> {
		return this.serially(async () => {
			const result = await queueEvents(this.db, events, this.now());
			for (const e of events) if (e.deviceId === this.deviceId && e.seq >= this.nextSeq) this.nextSeq = e.seq + 1;
			return result;
		});
	}

	private async highestSeq(): Promise<number> {
		const stored = (await this.db.meta.get(SEQ_KEY))?.value;
		const last = await this.db.events.where('[deviceId+seq]').between([this.deviceId, 0], [this.deviceId, Infinity]).last();
		return Math.max(typeof stored === 'number' ? stored - 1 : 0, last?.seq ?? 0);
	}

	/** The events of one heat (every device's that this tablet holds). */
	heatEvents(competitionId: string, heatId: string): Promise<JudgeEvent[]> {
		return this.db.events.where('[competitionId+heatId]').equals([competitionId, heatId]).toArray();
	}

	/**
	 * How many events this tablet holds for each heat (every device's), for the station's home.
	 * Read from the [competitionId+heatId] index's keys alone: no event is loaded.
	 */
	async eventCountsByHeat(): Promise<{ competitionId: string; heatId: string; count: number }[]> {
		// The index's keys are [competitionId, heatId] pairs (events without a heat are not in it).
		const keys = (await this.db.events.orderBy('[competitionId+heatId]').keys()) as unknown as [string, string][];
		const counts: { competitionId: string; heatId: string; count: number }[] = [];
		// The keys come sorted: equal ones are next to each other.
		for (const [competitionId, heatId] of keys) {
			const last = counts.at(-1);
			if (last && last.competitionId === competitionId && last.heatId === heatId) last.count++;
			else counts.push({ competitionId, heatId, count: 1 });
		}
		return counts;
	}

	/** Competition-level events (tie-break results, notes without a heat). */
	async competitionEvents(competitionId: string): Promise<JudgeEvent[]> {
		return (await this.db.events.where('competitionId').equals(competitionId).toArray()).filter((e) => e.heatId === null);
	}
}
