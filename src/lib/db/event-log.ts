import { JudgeEventSchema, type ActionEvent, type CorrectionEvent, type JudgeEvent } from '$lib/events/schema';
import { describeIssues, toIssues } from '$lib/validation';
import type { StationDb } from './station-db';

type Stamped = 'id' | 'deviceId' | 'seq';
/** An event as an action makes it: the log adds the device, its sequence number and the ID. */
export type EventDraft = Omit<ActionEvent, Stamped> | Omit<CorrectionEvent, Stamped>;

const DEVICE_KEY = 'deviceId';
const SEQ_KEY = 'nextSeq';

function newDeviceId(): string {
	return `tab-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * This device's judge-event log in IndexedDB. Every append is one strict-durability
 * transaction that stores the event and the next sequence number together, so a tap is either
 * fully on disk or not at all, and sequence numbers are never reused (not even after a
 * reload or a crash between two taps).
 */
export class EventLog {
	private constructor(
		private readonly db: StationDb,
		readonly deviceId: string,
		private nextSeq: number
	) {}

	static async open(db: StationDb): Promise<EventLog> {
		return db.transaction('rw', db.meta, db.events, async () => {
			let deviceId = (await db.meta.get(DEVICE_KEY))?.value;
			if (typeof deviceId !== 'string') {
				deviceId = newDeviceId();
				await db.meta.put({ key: DEVICE_KEY, value: deviceId });
			}
			const stored = (await db.meta.get(SEQ_KEY))?.value;
			const last = await db.events.where('[deviceId+seq]').between([deviceId, 0], [deviceId, Infinity]).last();
			const next = Math.max(typeof stored === 'number' ? stored : 1, (last?.seq ?? 0) + 1);
			return new EventLog(db, deviceId as string, next);
		});
	}

	/** Appends run one after another, so two quick taps never take the same sequence number. */
	private queue: Promise<unknown> = Promise.resolve();

	/** Stores the event durably and returns it as stored. Invalid events are refused, nothing written. */
	append(draft: EventDraft): Promise<JudgeEvent> {
		const run = this.queue.then(() => this.write(draft));
		this.queue = run.catch(() => undefined);
		return run;
	}

	private async write(draft: EventDraft, attempt = 0): Promise<JudgeEvent> {
		const seq = this.nextSeq;
		const event = { ...draft, id: `${this.deviceId}-${seq}`, deviceId: this.deviceId, seq } as JudgeEvent;
		const checked = JudgeEventSchema.safeParse(event);
		if (!checked.success) throw new Error(`not recorded: ${describeIssues(toIssues(checked.error))}`);
		// What zod returns is a plain copy: UI state (Svelte proxies) cannot be stored as such.
		const stored = checked.data as JudgeEvent;
		try {
			await this.db.transaction('rw', this.db.events, this.db.meta, () =>
				Promise.all([this.db.events.add(stored), this.db.meta.put({ key: SEQ_KEY, value: seq + 1 })])
			);
		} catch (e) {
			// Another tab of the station on this tablet took that number: continue after its last one.
			if (e instanceof Error && e.name === 'ConstraintError' && attempt < 5) {
				this.nextSeq = (await this.highestSeq()) + 1;
				return this.write(draft, attempt + 1);
			}
			throw e;
		}
		this.nextSeq = seq + 1;
		return stored;
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
