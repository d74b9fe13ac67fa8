import { describe, expect, it } from 'vitest';
import { formatResult } from './time';
import { competition, MIN, SEC, T0, tablet, score } from './testkit';

/**
 * Whole heats worked by hand from the rulebooks. Each expected line was computed on paper
 * from the clauses cited, not taken from the program.
 */

describe('worked example: a CZJPA individual heat (500 pieces, 90 min)', () => {
	// Start 09:00:00. Taps in minutes:seconds of the clock.
	//   Alena   hand 52:10.500, 0 missing                 → 52:10.500
	//   Bára    hand 48:30, rejected; hand 55:00, 2 miss  → 55:00 + 0:20 = 55:20.000
	//   Cyril   hand 55:10, 1 missing                     → 55:10 + 0:10 = 55:20.000 (ties Bára)
	//   David   hand 89:59.999, 0 missing                 → 89:59.999
	//   Eliška  unfinished; groups 200, 120, 2, 1, 3      → 323 counted
	//   Filip   unfinished; groups 300, 20, 2, 2          → 320 counted
	//   Gustav  unfinished; groups 323                    → 323 counted (ties Eliška)
	//   Hana    hand at 90:00.001                         → after the limit: unfinished; groups 499 → 499
	// Places: Alena 1, Bára 2, Cyril 2, David 4, Hana 5, Eliška 6, Gustav 6, Filip 8.
	// Awards (top 5): Alena, Bára, Cyril, David, Hana.
	it('CZ-IND-RANK-1, CZ-IND-RANK-2, CZ-IND-RANK-3, CZ-IND-AWARD, CZ-GEN-MISSING, CZ-GEN-UNFINISHED', () => {
		const names = ['Alena', 'Bára', 'Cyril', 'David', 'Eliška', 'Filip', 'Gustav', 'Hana'];
		const setup = competition('czjpa-individual', names);
		const ids = setup.entries.map((e) => e.id);
		const log = tablet();
		const at = (m: number, s = 0, ms = 0) => T0 + m * MIN + s * SEC + ms;
		log.start(T0, ids);
		log.finish('alena', at(52, 10, 500));
		const wrong = log.hand('bára', at(48, 30));
		log.reject(wrong, at(49, 0), 'a hole in the sky');
		log.finish('bára', at(55), 2);
		log.finish('cyril', at(55, 10), 1);
		log.finish('david', at(89, 59, 999));
		log.hand('hana', at(90, 0, 1));
		for (const [id, groups] of [
			['eliška', [200, 120, 2, 1, 3]],
			['filip', [300, 20, 2, 2]],
			['gustav', [323]],
			['hana', [499]]
		] as const)
			log.tally(id, at(92), [...groups]);
		const s = score(setup, log.events, at(100));
		const table = s.rows.map((r) => [
			r.place,
			r.name,
			r.awarded,
			r.outcome.finalTimeMs === null ? null : formatResult(r.outcome.finalTimeMs, 'ms'),
			r.outcome.countedPieces
		]);
		expect(table).toEqual([
			[1, 'Alena', true, '52:10.500', 500],
			[2, 'Bára', true, '55:20.000', 498],
			[2, 'Cyril', true, '55:20.000', 499],
			[4, 'David', true, '1:29:59.999', 500],
			[5, 'Hana', true, null, 499],
			[6, 'Eliška', false, null, 323],
			[6, 'Gustav', false, null, 323],
			[8, 'Filip', false, null, 320]
		]);
	});
});

describe('worked example: a Spanish adult individual turn (200 pieces, 2 h, 2:00 preview)', () => {
	// The turn starts 10:00:00; the clock starts by itself at 10:02:00 (ES-PREVIEW).
	// Clock times, truncated to whole seconds (ES-WIN):
	//   Lucía   pause 10:00–14:00 (4:00), hand 61:30.700 (wall) → 61:30 − 4:00 = 57:30
	//   Marta   assistance 5:00 + 3:20 = 8:20; hand 49:10.200   → 49:10 + 8:20 = 57:30 (ties Lucía)
	//   Nuria   hand 58:00.999                                  → 58:00
	//   Olga    pause 20:00 with no end (ends itself at 25:00); hand 70:00 → 65:00
	//   Pablo   unfinished: groups 150, 40, 9 → 190 counted, 10 loose → 2:00:00 + 1:40 = 2:01:40
	//   Quique  disqualified: bent a piece
	// Places: Lucía 1, Marta 1 (tie for first flagged, ES-TIE), Nuria 3, Olga 4, Pablo 5, Quique —.
	it('ES-PREVIEW, ES-WIN, ES-PAUSE, ES-ASSIST, ES-UNFINISHED, ES-DQ, ES-TIE', () => {
		const names = ['Lucía', 'Marta', 'Nuria', 'Olga', 'Pablo', 'Quique'];
		const setup = competition('es-adult-individual', names);
		const log = tablet();
		const Z = T0 + 2 * MIN;
		const at = (m: number, s = 0, ms = 0) => Z + m * MIN + s * SEC + ms;
		log.start(T0, setup.entries.map((e) => e.id), 2 * MIN);
		log.pause('lucía', at(10), at(14));
		log.finish('lucía', at(61, 30, 700));
		log.assist('marta', at(5), at(10));
		log.assist('marta', at(30), at(33, 20));
		log.finish('marta', at(49, 10, 200));
		log.finish('nuria', at(58, 0, 999));
		log.pause('olga', at(20));
		log.finish('olga', at(70));
		log.tally('pablo', at(121), [150, 40, 9]);
		log.disqualify('quique', at(15), 'bent a piece');
		const s = score(setup, log.events, at(125));
		expect(s.rows.map((r) => [r.place, r.name, r.outcome.finalTimeMs === null ? null : formatResult(r.outcome.finalTimeMs, 'second-truncated'), r.tieBreak])).toEqual([
			[1, 'Lucía', '57:30', true],
			[1, 'Marta', '57:30', true],
			[3, 'Nuria', '58:00', false],
			[4, 'Olga', '1:05:00', false],
			[5, 'Pablo', '2:01:40', false],
			[null, 'Quique', null, false]
		]);
		expect(s.tieForFirst).toEqual(['lucía', 'marta']);
		expect(s.rows.filter((r) => r.awarded).map((r) => r.name)).toEqual(['Lucía', 'Marta']);
	});
});

describe('worked example: a Spanish family & friends group (300 pieces, 2 h, no pause)', () => {
	// Groups may leave but the clock never stops (ES-PAUSE); one group gets assistance (ES-ASSIST).
	//   Los Pérez   hand 80:00.5; assistance 2:00                  → 80:00 + 2:00 = 82:00
	//   Las Moreno  "pause" 10:00–15:00 is not applied; hand 81:00 → 81:00
	//   Los García  unfinished: groups 250, 12, 10, 9, 8 → 272, 28 loose → 2:00:00 + 4:40 = 2:04:40
	it('ES-PAUSE (groups), ES-ASSIST, ES-UNFINISHED', () => {
		const setup = competition('es-family-group', ['Los Pérez', 'Las Moreno', 'Los García'], 6);
		const log = tablet();
		const Z = T0 + 2 * MIN;
		const at = (m: number, s = 0, ms = 0) => Z + m * MIN + s * SEC + ms;
		log.start(T0, setup.entries.map((e) => e.id), 2 * MIN);
		log.assist('los pérez', at(40), at(42));
		log.finish('los pérez', at(80, 0, 500));
		log.pause('las moreno', at(10), at(15));
		log.finish('las moreno', at(81));
		log.tally('los garcía', at(121), [250, 12, 10, 9, 8]);
		const s = score(setup, log.events, at(125));
		expect(s.rows.map((r) => [r.place, r.name, formatResult(r.outcome.finalTimeMs!, 'second-truncated')])).toEqual([
			[1, 'Las Moreno', '1:21:00'],
			[2, 'Los Pérez', '1:22:00'],
			[3, 'Los García', '2:04:40']
		]);
	});
});
