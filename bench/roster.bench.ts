/**
 * The roster's conditional answer (issue 29 #9; docs/sync.md, The roster): `npm run bench:roster`.
 *
 * A store with ROSTER_SCALE registrations (default 10,000; one person each, a tenth of them in a
 * group competition), then the median of 11 runs of each answer, printed, never asserted:
 *   - the whole roster (its version, the roster built, its JSON): what every sync paid before;
 *   - 304 (its version only): what a device holding the current roster pays now;
 *   - the floor: one indexed read of the event's row, the least any answer of the store costs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { presetById } from '$lib/rules/presets';
import { putPerson, putRegistration } from '$lib/server/register-store';
import { rosterAnswer } from '$lib/server/roster';
import { openTwoEvents } from '$lib/server/two-events.testkit';

const n = Number(process.env.ROSTER_SCALE ?? 10_000);
const dir = mkdtempSync(join(tmpdir(), 'puzzle-judge-roster-bench-'));
const store = openTwoEvents(dir);
try {
	for (const presetId of ['czjpa-individual', 'es-kids-group']) {
		const r = presetById(presetId)!;
		store.insertSetup({ rulesets: [r], competitions: [{ id: presetId, eventId: 'spring', name: presetId, ruleset: { id: r.id, version: r.version } }] });
	}
	store.transaction(() => {
		for (let i = 0; i < n; i++) {
			const name = `Řešitelka Číslo ${i} Nováková`;
			putPerson(store, { id: `s${i}`, eventId: 'spring', name, birthDate: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}`, email: `s${i}@example.org`, country: 'CZ', club: `Puzzle klub ${i % 300}`, version: 1 }, null);
			putRegistration(
				store,
				{ id: `rs${i}`, eventId: 'spring', competitionId: i % 10 ? 'czjpa-individual' : 'es-kids-group', name, memberIds: [`s${i}`], registeredAt: 1_000 + i, status: 'registered', fee: { amount: 400, currency: 'CZK' }, paid: i % 3 ? { amount: 400, at: 1 } : null, cancelled: null, version: 1 },
				null
			);
		}
	});
	const median = (fn: () => unknown) => {
		const ms = Array.from({ length: 11 }, () => {
			const t = performance.now();
			fn();
			return performance.now() - t;
		}).sort((a, b) => a - b);
		return ms[5]!;
	};
	const whole = rosterAnswer(store, 'spring', null)!;
	if (whole.unchanged) throw new Error('a first answer without a tag is the whole roster');
	const bytes = Buffer.byteLength(JSON.stringify(whole.roster));
	const floor = median(() => store.getEvent('spring'));
	const full = median(() => {
		const a = rosterAnswer(store, 'spring', null)!;
		if (!a.unchanged) JSON.stringify(a.roster);
	});
	const notModified = median(() => rosterAnswer(store, 'spring', whole.etag));
	const row = (what: string, ms: number) => `${what.padEnd(44)} ${ms.toFixed(2).padStart(9)} ms  ${(ms / floor).toFixed(0).padStart(7)}× the floor`;
	console.log(
		[
			`roster of ${n} registrations: ${(bytes / 1e6).toFixed(2)} MB of JSON`,
			row('floor: one indexed read of the event', floor),
			row('200: version, roster built, JSON', full),
			row('304: version only', notModified),
			`304 / 200: ${(notModified / full).toFixed(3)}`
		].join('\n')
	);
} finally {
	store.close();
	rmSync(dir, { recursive: true, force: true });
}
