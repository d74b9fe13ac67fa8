import { DeviceLog } from '$lib/events/builder';
import type { CompetitionMerge } from '$lib/setup/schema';
import { quickSetup } from '$lib/station/quick-setup';
import type { SetupBundle } from '$lib/db/setup-store';
import type { EventFileSetup } from './event-file';

/**
 * Tests of merged competitions: two tablets that each quick-set-up "Quick CZ" for the same heat
 * (point 10 of issue 11), their competitions joined to event `ev` as the server adopts them.
 * Tablet A seats Ana, Bob, Cyril; tablet B seats " ana " (typed differently), Bob, Dora. Both
 * start the heat at T0; A finishes Ana at 40:00 and Bob at 45:00, B finishes ana at 41:00 (a
 * second finish of the same competitor) and Dora at 50:00.
 */

export const T0 = Date.UTC(2026, 4, 16, 9);
export const MIN = 60_000;
export const EVENT = 'ev';

function quick(suffix: string, names: string[]): SetupBundle & { competitionId: string; heatId: string } {
	const q = quickSetup({ presetId: 'czjpa-individual', competitionName: 'Quick CZ', seatNames: names, day: '2026-05-16', suffix });
	if (!q.ok) throw new Error('quick set-up');
	const { bundle, competitionId, heatId } = q.value;
	return { ...bundle, competitions: bundle.competitions.map((c) => ({ ...c, eventId: EVENT })), competitionId, heatId };
}

export function twoQuickSetups() {
	const a = quick('aaaa', ['Ana', 'Bob', 'Cyril']);
	const b = quick('bbbb', [' ana ', 'Bob', 'Dora']);
	const seat = (q: typeof a, n: number) => `${q.competitionId}-s${n}`;
	const logA = new DeviceLog({ deviceId: 'tab-a', judge: 'Eva', competitionId: a.competitionId, heatId: a.heatId });
	const logB = new DeviceLog({ deviceId: 'tab-b', judge: 'Pablo', competitionId: b.competitionId, heatId: b.heatId });
	logA.start(T0, [seat(a, 1), seat(a, 2), seat(a, 3)]);
	logB.start(T0 + 2000, [seat(b, 1), seat(b, 2), seat(b, 3)]);
	const handA = logA.hand(seat(a, 1), T0 + 40 * MIN);
	logA.hand(seat(a, 2), T0 + 45 * MIN);
	const handB = logB.hand(seat(b, 1), T0 + 41 * MIN);
	logB.hand(seat(b, 3), T0 + 50 * MIN);
	const setup: EventFileSetup = {
		events: [{ id: EVENT, name: 'Puzzle day', date: '2026-05-16' }],
		rulesets: a.rulesets,
		competitions: [...a.competitions, ...b.competitions],
		heats: [...a.heats, ...b.heats],
		entries: [...a.entries, ...b.entries]
	};
	/** B folded into A: ana onto Ana, Bob onto Bob, Dora as new. */
	const merge: CompetitionMerge = {
		id: 'merge-1',
		eventId: EVENT,
		keptCompetitionId: a.competitionId,
		foldedCompetitionId: b.competitionId,
		heats: [{ from: b.heatId, to: a.heatId }],
		entries: [
			{ from: seat(b, 1), to: seat(a, 1) },
			{ from: seat(b, 2), to: seat(a, 2) },
			{ from: seat(b, 3), to: null }
		],
		reason: 'Both tablets judged heat 1',
		recordedBy: { tokenId: 'dev-desk', label: 'Desk' },
		recordedAt: T0 + 60 * MIN
	};
	return { a, b, seat, logA, logB, handA, handB, setup, merge };
}
