/**
 * What the tablets of the server kill test (./server-kill.ts) were told: a fetch in front of each
 * tablet's sync engine that reads every push's answer as the engine would, and records each event
 * the server acknowledged (stored, or already stored) with the bytes the tablet pushed for it.
 */
import type { PushResponse } from '$lib/contract';

export interface Acknowledged {
	/** The event as the tablet pushed it: its JSON text in the request body. */
	pushed: string;
	/** The tablet's label. */
	tablet: string;
}

export class PushLedger {
	/** Every acknowledged event by ID (the first acknowledgement's bytes; a later one must push the same). */
	readonly acknowledged = new Map<string, Acknowledged>();
	/** Acknowledged after the event had been pushed before without an answer (the answer lost to a kill). */
	readonly afterLostAnswer = new Set<string>();
	/** Events pushed in a request that got no answer, by ID. */
	private readonly unanswered = new Set<string>();
	/** Acknowledgements whose pushed bytes differ from an earlier acknowledgement of the same ID. */
	readonly changedOnRepush: string[] = [];
	/** Events the server answered as conflicts or refused (none may be). */
	readonly notTaken: string[] = [];
	pushes = 0;
	answered = 0;
	/** Pushes refused a connection (the server was down). */
	refused = 0;
	/** Pushes whose connection broke before the whole answer came (a kill while it was in flight). */
	cutOff = 0;
	duplicates = 0;
	/** Pushes sent and not yet answered or failed. */
	inFlight = 0;

	/** A fetch for the tablet `tablet` that records the pushes through it. */
	fetchFor(tablet: string): typeof globalThis.fetch {
		return async (input, init) => {
			const url = String(input instanceof Request ? input.url : input);
			const isPush = init?.method === 'POST' && /\/judge-events$/.test(new URL(url).pathname);
			if (!isPush) return globalThis.fetch(input, init);
			const events = (JSON.parse(String(init.body)) as { events: unknown[] }).events.map((e) => ({ id: (e as { id: string }).id, pushed: JSON.stringify(e) }));
			this.pushes++;
			this.inFlight++;
			let status: number;
			let text: string;
			let headers: Headers;
			try {
				// The whole answer read here, as the engine reads it: a kill mid-answer fails it for both.
				const res = await globalThis.fetch(input, init);
				status = res.status;
				headers = res.headers;
				text = await res.text();
			} catch (e) {
				if ((e as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') this.refused++;
				else this.cutOff++;
				for (const { id } of events) this.unanswered.add(id);
				throw e;
			} finally {
				this.inFlight--;
			}
			this.answered++;
			if (status === 200) this.record(tablet, events, JSON.parse(text) as PushResponse);
			else for (const { id } of events) this.unanswered.add(id);
			return new Response(text, { status, headers });
		};
	}

	private record(tablet: string, events: { id: string; pushed: string }[], answer: PushResponse): void {
		const byId = new Map(events.map((e) => [e.id, e.pushed]));
		this.duplicates += answer.duplicates.length;
		for (const id of [...answer.stored.map((s) => s.id), ...answer.duplicates]) {
			const pushed = byId.get(id);
			if (pushed === undefined) continue;
			const earlier = this.acknowledged.get(id);
			if (earlier && earlier.pushed !== pushed) this.changedOnRepush.push(id);
			if (!earlier) this.acknowledged.set(id, { pushed, tablet });
			if (this.unanswered.delete(id)) this.afterLostAnswer.add(id);
		}
		for (const id of answer.conflicts) this.notTaken.push(`${id}: conflict`);
		for (const r of answer.refused) this.notTaken.push(`${r.id ?? `#${r.index}`}: refused (${r.reason})`);
	}
}
