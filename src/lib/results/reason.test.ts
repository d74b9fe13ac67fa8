import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeviceLog } from '$lib/events/builder';
import { presetById } from '$lib/rules/presets';
import { CompetitionScorer, type StandingRow } from '$lib/scoring';
import { competitionArb } from '$lib/scoring/arbitraries';
import { competition, MIN, row, score, SEC, T0, tablet } from '$lib/scoring/testkit';
import { explainStanding, penaltyPhrases } from './reason';

const NBSP = '\u00a0';

/** A CZJPA individual heat at 95 minutes: finishers with 0, 1, 2 and 5 pieces missing, tallies, a pending tally, a DNS and a DQ. */
function czechHeat() {
	const setup = competition('czjpa-individual', ['Ana', 'Bohdan', 'Cyril', 'Dana', 'David', 'Eliška', 'František', 'Gita', 'Hana', 'Ivan']);
	const log = tablet();
	log.start(T0, ['ana', 'bohdan', 'cyril', 'dana', 'david', 'eliška', 'františek', 'gita', 'ivan']);
	log.finish('ana', T0 + 41 * MIN);
	log.confirm(log.hand('bohdan', T0 + 40 * MIN + 50 * SEC), T0 + 42 * MIN, 2);
	log.confirm(log.hand('cyril', T0 + 50 * MIN), T0 + 51 * MIN, 1);
	log.confirm(log.hand('dana', T0 + 60 * MIN), T0 + 61 * MIN, 5);
	log.tally('david', T0 + 91 * MIN, [300, 2]);
	log.tally('eliška', T0 + 91 * MIN, [120, 80, 2, 1, 2]);
	log.tally('františek', T0 + 91 * MIN, [150, 47, 3, 2]);
	log.record('entry.did-not-start', T0, 'hana', {});
	log.disqualify('ivan', T0 + 30 * MIN, 'Ohnul dílek');
	return { setup, s: score(setup, log.events, T0 + 95 * MIN) };
}

/** A Spanish adult turn after the 2-hour limit: a tie for first, assistance, a lost piece, loose pieces, an adjustment. */
function spanishTurn(tiebreak: string[] | null = null) {
	const setup = competition('es-adult-individual', ['Lucía', 'Marta', 'Nuria', 'Olga', 'Pablo', 'Rosa', 'Sara']);
	const Z = T0 + 2 * MIN;
	const log = tablet();
	log.start(T0, ['lucía', 'marta', 'nuria', 'olga', 'pablo', 'rosa'], 2 * MIN);
	log.finish('lucía', Z + 45 * MIN + 200);
	log.finish('nuria', Z + 45 * MIN + 900);
	for (let i = 0; i < 3; i++) log.assist('marta', Z + (5 + 5 * i) * MIN, Z + (6 + 5 * i) * MIN);
	log.finish('marta', Z + 50 * MIN);
	log.confirm(log.hand('olga', Z + 55 * MIN), Z + 56 * MIN, 1);
	log.tally('pablo', Z + 121 * MIN, [150, 5]);
	log.record('time.adjusted', Z + 10 * MIN, 'rosa', { deltaMs: -60 * SEC, reason: 'lights out for a minute' });
	log.finish('rosa', Z + 60 * MIN);
	const events = [...log.events];
	if (tiebreak) {
		const judge = new DeviceLog({ deviceId: 'tablet-1', judge: 'Judge', competitionId: 'comp', heatId: null, firstSeq: 100 });
		judge.record('tiebreak.result', Z + 130 * MIN, null, { order: tiebreak });
		events.push(...judge.events);
	}
	return { setup, s: score(setup, events, Z + 135 * MIN) };
}

/** An entry without a result yet: scoring names its state by its code ("not-started"), the presenter in words. */
function noResultYet(r: StandingRow): boolean {
	return r.basis.kind === 'unranked' && !['tally-pending', 'disqualified', 'did-not-start'].includes(r.basis.why);
}

describe('explainStanding in English', () => {
	it('reads as scoring’s own reason', () => {
		let compared = 0;
		for (const { setup, s } of [czechHeat(), spanishTurn(), spanishTurn(['nuria', 'lucía'])])
			for (const r of s.rows) {
				const en = explainStanding(r, setup.ruleset, { locale: 'en' });
				if (noResultYet(r)) expect(en, r.name).toBe('no result yet (not started)');
				else {
					expect(en, r.name).toBe(r.reason);
					compared++;
				}
			}
		expect(compared).toBe(10 + 6 + 6);
	});

	it('reads as scoring’s reason over random competitions, numbers grouped, a missing result in words', () => {
		fc.assert(
			fc.property(competitionArb({ tiebreaks: true }), (gc) => {
				const scorer = new CompetitionScorer(gc.setup);
				scorer.add(gc.events);
				for (const now of [gc.now, gc.after])
					for (const r of scorer.standings(now).rows) {
						const en = explainStanding(r, gc.ruleset, { locale: 'en' });
						if (noResultYet(r)) expect(en).toMatch(/^no result yet/);
						else expect(en.replace(/(\d),(?=\d{3})/g, '$1')).toBe(r.reason);
					}
			}),
			{ numRuns: 100 }
		);
	}, 60_000);
});

describe('explainStanding in Czech and Spanish', () => {
	const cz = czechHeat();
	const cs = (name: string) => explainStanding(row(cz.s, name), cz.setup.ruleset, { locale: 'cs' });
	const esOfCz = (name: string) => explainStanding(row(cz.s, name), cz.setup.ruleset, { locale: 'es' });

	it('shows CZJPA times with milliseconds after a decimal comma, and the penalties in words', () => {
		expect(cs('Ana')).toBe('dokončeno: 41:00,000 = 41:00,000');
		expect(cs('Bohdan')).toBe('dokončeno: 41:10,000 = 40:50,000 (+0:20,000 za 2 chybějící dílky)');
		expect(esOfCz('Bohdan')).toBe('terminado: 41:10,000 = 40:50,000 (+0:20,000 por 2 piezas que faltan)');
	});

	it('uses the three Czech plural forms: 1, 2–4, 5 and more', () => {
		expect(cs('Cyril')).toBe('dokončeno: 50:10,000 = 50:00,000 (+0:10,000 za 1 chybějící dílek)');
		expect(cs('Bohdan')).toMatch(/za 2 chybějící dílky\)$/);
		expect(cs('Dana')).toBe('dokončeno: 1:00:50,000 = 1:00:00,000 (+0:50,000 za 5 chybějících dílků)');
		const david = row(cz.s, 'David');
		const counted = (n: number, locale: 'cs' | 'es' | 'en') =>
			explainStanding({ ...david, basis: { kind: 'pieces', countedPieces: n } }, cz.setup.ruleset, { locale });
		expect(counted(1, 'cs')).toBe('nedokončeno: započítán 1 dílek z 500 (skupiny aspoň po 3)');
		expect(counted(3, 'cs')).toBe('nedokončeno: započítány 3 dílky z 500 (skupiny aspoň po 3)');
		expect(counted(300, 'cs')).toBe('nedokončeno: započítáno 300 dílků z 500 (skupiny aspoň po 3)');
		expect(counted(1, 'es')).toBe('sin terminar: 1 pieza de 500 en grupos de al menos 3');
		expect(counted(300, 'es')).toBe('sin terminar: 300 piezas de 500 en grupos de al menos 3');
		expect(cs('David')).toBe(counted(300, 'cs'));
	});

	it('groups large numbers as the locale does', () => {
		const david = row(cz.s, 'David');
		const relayLike = { ...david, basis: { kind: 'pieces' as const, countedPieces: 1500 }, outcome: { ...david.outcome, totalPieces: 4500 } };
		expect(explainStanding(relayLike, cz.setup.ruleset, { locale: 'cs' })).toBe(`nedokončeno: započítáno 1${NBSP}500 dílků z 4${NBSP}500 (skupiny aspoň po 3)`);
		expect(explainStanding(relayLike, cz.setup.ruleset, { locale: 'en' })).toBe('unfinished: 1,500 of 4,500 pieces in groups of at least 3');
		// Spanish groups from five digits only.
		expect(explainStanding(relayLike, cz.setup.ruleset, { locale: 'es' })).toBe('sin terminar: 1500 piezas de 4500 en grupos de al menos 3');
	});

	it('says who shares a place, with how many others', () => {
		expect(cs('Eliška')).toBe('nedokončeno: započítáno 200 dílků z 500 (skupiny aspoň po 3) — sdílí 6. místo s 1 dalším');
		expect(esOfCz('František')).toBe('sin terminar: 200 piezas de 500 en grupos de al menos 3 — comparte el puesto 6 con 1 más');
		const eliska = row(cz.s, 'Eliška');
		const sharedBy = (n: number, locale: 'cs' | 'en') => explainStanding({ ...eliska, shared: n }, cz.setup.ruleset, { locale });
		expect(sharedBy(3, 'cs')).toMatch(/ — sdílí 6\. místo s 2 dalšími$/);
		expect(sharedBy(6, 'cs')).toMatch(/ — sdílí 6\. místo s 5 dalšími$/);
		expect(sharedBy(2, 'en')).toMatch(/ — shares place 6 with 1 other$/);
		expect(sharedBy(3, 'en')).toMatch(/ — shares place 6 with 2 others$/);
		expect(sharedBy(1, 'en')).not.toMatch(/shares/);
	});

	it('words the entries without a place', () => {
		expect(cs('Gita')).toBe('nedokončeno: sčítání skupin ještě není zadané');
		expect(esOfCz('Gita')).toBe('sin terminar: falta el recuento de grupos');
		expect(cs('Hana')).toBe('nenastoupeno');
		expect(esOfCz('Hana')).toBe('no se presentó');
		expect(cs('Ivan')).toBe('diskvalifikace: Ohnul dílek');
		expect(esOfCz('Ivan')).toBe('descalificación: Ohnul dílek');
		const running = row(score(cz.setup, [], T0), 'Ana');
		expect(running.basis).toEqual({ kind: 'unranked', why: 'not-started' });
		expect(explainStanding(running, cz.setup.ruleset, { locale: 'cs' })).toBe('zatím bez výsledku (před startem)');
		const live = { ...running, basis: { kind: 'unranked' as const, why: 'running' as const } };
		expect(explainStanding(live, cz.setup.ruleset, { locale: 'es' })).toBe('aún sin resultado (en curso)');
		expect(explainStanding(live, cz.setup.ruleset, { locale: 'en' })).toBe('no result yet (running)');
	});

	const es = spanishTurn();
	const sp = (name: string, locale: 'cs' | 'es' = 'es') => explainStanding(row(es.s, name), es.setup.ruleset, { locale });

	it('shows Spanish results in whole seconds, with assistance, loose pieces and adjustments', () => {
		expect(sp('Marta')).toBe('terminado: 53:00 = 50:00 (+3:00 de asistencia)');
		expect(sp('Marta', 'cs')).toBe('dokončeno: 53:00 = 50:00 (+3:00 za pomoc rozhodčího)');
		expect(sp('Rosa')).toBe('terminado: 59:00 = 1:00:00 (−1:00 de ajuste)');
		expect(sp('Rosa', 'cs')).toBe('dokončeno: 59:00 = 1:00:00 (−1:00 úprava času)');
		expect(sp('Pablo')).toBe('sin terminar: 2:08:20 = límite 2:00:00 (+8:20 por 50 piezas sueltas)');
		expect(sp('Pablo', 'cs')).toBe('nedokončeno: 2:08:20 = limit 2:00:00 (+8:20 za 50 volných dílků)');
		expect(sp('Sara')).toBe('aún sin resultado (sin empezar)');
	});

	it('says the rule behind a disqualification for a lost piece in the locale', () => {
		expect(row(es.s, 'Olga').reason).toBe('disqualified: 1 piece missing at the check: a lost piece disqualifies');
		expect(sp('Olga')).toBe('descalificación: falta 1 pieza en la revisión: perder una pieza descalifica');
		expect(sp('Olga', 'cs')).toBe('diskvalifikace: při kontrole chybí 1 dílek: ztracený dílek znamená diskvalifikaci');
	});

	it('marks a tie for first, then the places a tie-break gives', () => {
		expect(sp('Lucía')).toBe('terminado: 45:00 = 45:00 — comparte el puesto 1 con 1 más');
		expect(sp('Nuria', 'cs')).toBe('dokončeno: 45:00 = 45:00 — sdílí 1. místo s 1 dalším');
		const decided = spanishTurn(['nuria', 'lucía']);
		const nuria = row(decided.s, 'Nuria');
		expect([nuria.place, nuria.shared, nuria.byTiebreak]).toEqual([1, 1, true]);
		expect(explainStanding(nuria, decided.setup.ruleset, { locale: 'es' })).toBe('terminado: 45:00 = 45:00 — puesto decidido por el desempate');
		expect(explainStanding(row(decided.s, 'Lucía'), decided.setup.ruleset, { locale: 'cs' })).toBe('dokončeno: 45:00 = 45:00 — pořadí určil rozstřel');
		expect(explainStanding(nuria, decided.setup.ruleset, { locale: 'en' })).toBe('finished: 45:00 = 45:00 — placed by the tie-break');
	});

	it('follows the current locale when none is given (English outside a browser)', () => {
		expect(explainStanding(row(cz.s, 'Bohdan'), cz.setup.ruleset)).toBe(row(cz.s, 'Bohdan').reason);
	});
});

describe('penaltyPhrases', () => {
	const o: Pick<StandingRow['outcome'], 'penalties' | 'missingPieces' | 'loosePieces'> = {
		penalties: { missingPiecesMs: 40 * SEC, assistanceMs: 90 * SEC, loosePiecesMs: 20 * SEC, adjustmentMs: 30 * SEC },
		missingPieces: 4,
		loosePieces: 2
	};

	it('lists every penalty in scoring’s order', () => {
		expect(penaltyPhrases(o, 'second-truncated', { locale: 'en' })).toEqual(['+0:40 for 4 missing pieces', '+1:30 assistance', '+0:20 for 2 loose pieces', '+0:30 adjustment']);
		expect(penaltyPhrases(o, 'ms', { locale: 'cs' })).toEqual([
			'+0:40,000 za 4 chybějící dílky',
			'+1:30,000 za pomoc rozhodčího',
			'+0:20,000 za 2 volné dílky',
			'+0:30,000 úprava času'
		]);
		expect(penaltyPhrases({ ...o, missingPieces: 1, loosePieces: 1 }, 'second-truncated', { locale: 'es' })).toEqual([
			'+0:40 por 1 pieza que falta',
			'+1:30 de asistencia',
			'+0:20 por 1 pieza suelta',
			'+0:30 de ajuste'
		]);
	});

	it('leaves out what is zero', () => {
		expect(penaltyPhrases({ ...o, penalties: { missingPiecesMs: 0, assistanceMs: 0, loosePiecesMs: 0, adjustmentMs: 0 } }, 'ms', { locale: 'cs' })).toEqual([]);
	});

	it('knows the ruleset presets used here', () => {
		expect(presetById('czjpa-individual')!.timeResolution).toBe('ms');
		expect(presetById('es-adult-individual')!.timeResolution).toBe('second-truncated');
	});
});
