/**
 * Regenerates the event-file fixtures in tests/fixtures/ (committed as JSON): logs written
 * with DeviceLog at fixed timestamps, so every run writes the same bytes.
 *
 *   npx tsx scripts/make-fixtures.ts
 *
 * The expected standings in scripts/standings.test.ts are computed by hand from the rules,
 * from the times written here; change both together.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { presetById } from '$lib/rules/presets';
import type { Ruleset } from '$lib/rules/schema';
import type { Competition, CompetitionEvent, Entry, Heat } from '$lib/setup/schema';
import type { JudgeEvent } from '$lib/events/schema';
import { DeviceLog } from '$lib/events/builder';
import { EVENT_FILE_FORMAT, EVENT_FILE_VERSION, parseEventFile, serializeEventFile, type EventFile, type EventFileSetup } from '$lib/files/event-file';

const dir = fileURLToPath(new URL('../tests/fixtures/', import.meta.url));

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
/** A clock reading h:mm:ss.mmm as ms. */
const t = (h: number, m: number, s = 0, ms = 0) => h * HOUR + m * MIN + s * SEC + ms;

function preset(id: string): Ruleset {
	const r = presetById(id);
	if (!r) throw new Error(`no preset ${id}`);
	return r;
}

function file(setup: EventFileSetup, log: JudgeEvent[], exportedAt: number, deviceId?: string): EventFile {
	return { format: EVENT_FILE_FORMAT, version: EVENT_FILE_VERSION, exportedAt, ...(deviceId ? { deviceId } : {}), setup, log };
}

function write(name: string, f: EventFile, mustBeValid = true): void {
	const text = serializeEventFile(f);
	const parsed = parseEventFile(text, name);
	if (mustBeValid && !parsed.ok) throw new Error(`${name} is not valid:\n${JSON.stringify(parsed.errors, null, 2)}`);
	writeFileSync(`${dir}${name}`, text);
	process.stdout.write(`wrote tests/fixtures/${name} (${f.log.length} events)\n`);
}

const czDay: CompetitionEvent = { id: 'brno-2026', name: 'Brněnský puzzle den 2026', date: '2026-05-16', venue: 'Sokolovna, Brno' };

/**
 * CZJPA individual (CZ-IND-*): 10 competitors, one heat, one tablet. Clock from the common
 * start at 10:00 CEST (08:00 UTC), no preview, limit 90:00.
 */
function czjpaIndividual(): EventFile {
	const ruleset = preset('czjpa-individual');
	const competition: Competition = { id: 'cz-ind', eventId: czDay.id, name: 'Individual championship', ruleset: { id: ruleset.id, version: ruleset.version } };
	const heat: Heat = { id: 'cz-ind-h1', competitionId: competition.id, name: 'Heat 1' };
	const people = {
		jana: 'Jana Nováková',
		petr: 'Petr Svoboda',
		lucie: 'Lucie Dvořáková',
		tomas: 'Tomáš Černý',
		katerina: 'Kateřina Procházková',
		martin: 'Martin Kučera',
		veronika: 'Veronika Veselá',
		jakub: 'Jakub Horák',
		tereza: 'Tereza Němcová',
		ondrej: 'Ondřej Marek'
	};
	type Who = keyof typeof people;
	const idOf = {} as Record<Who, string>;
	const entries: Entry[] = (Object.keys(people) as Who[]).map((who, i) => {
		const n = String(i + 1).padStart(2, '0');
		idOf[who] = `ind-${n}`;
		return { id: `ind-${n}`, competitionId: competition.id, heatId: heat.id, name: people[who], members: [{ id: `ind-${n}-m`, name: people[who] }], table: `T${n}` };
	});
	const { jana, petr, lucie, tomas, katerina, martin, veronika, jakub, tereza, ondrej } = idOf;
	const T0 = Date.UTC(2026, 4, 16, 8, 0, 0);
	const at = (clock: number) => T0 + clock;
	const log = new DeviceLog({ deviceId: 'cz-tab-1', judge: 'Hana Sedláčková', competitionId: competition.id, heatId: heat.id });

	log.start(T0, entries.map((e) => e.id)); // CZ-GEN-START
	log.record('entry.did-not-start', at(t(0, 0, 30)), ondrej, { reason: 'not at the table at the start' });
	// Lucie's first call: the check finds three pieces out of place, rejected (CZ-GEN-FINISH).
	const lucieEarly = log.hand(lucie, at(t(0, 50, 0)));
	log.reject(lucieEarly, at(t(0, 50, 45)), 'three pieces not connected');
	log.finish(jana, at(t(0, 52, 13, 250))); // 52:13.250
	log.finish(petr, at(t(0, 55, 40)), 2); // 55:40.000 + 2 × 10 s = 56:00.000 (CZ-GEN-MISSING)
	log.finish(lucie, at(t(0, 58, 30, 500))); // 58:30.500
	log.finish(tomas, at(t(0, 59, 59, 999))); // 59:59.999
	log.finish(katerina, at(t(1, 1, 5)), 1); // 1:01:05.000 + 10 s = 1:01:15.000
	log.finish(martin, at(t(1, 1, 15))); // 1:01:15.000: equal with Kateřina, a shared 5th place
	log.record('heat.time-limit', at(t(1, 30, 0)), null, { entryIds: [veronika, jakub, tereza] });
	// Group tallies (CZ-GEN-UNFINISHED): only groups of 3 or more count.
	log.tally(veronika, at(t(1, 32, 0)), [120, 45, 2, 2, 1]); // 165
	log.tally(jakub, at(t(1, 32, 40)), [100, 60, 5, 2, 2, 2]); // 165: shares the place (CZ-IND-RANK-3)
	log.tally(tereza, at(t(1, 33, 20)), [80, 3, 2]); // 83
	for (const id of [veronika, jakub, tereza]) log.ack(id, at(t(1, 35, 0)));

	return file(
		{ events: [czDay], rulesets: [ruleset], competitions: [competition], heats: [heat], entries },
		log.events,
		at(t(2, 0, 0)),
		'cz-tab-1'
	);
}

/**
 * CZJPA team relay (CZ-TEAM-*): three teams of four. Common start at 14:00 CEST (12:00 UTC),
 * limit 5 h. Each puzzle's finish is a relay.puzzle-finished (the hand raised), checked
 * 30 s later and boxed 3 min after the check (CZ-TEAM-TEARDOWN); the team acknowledges its
 * record once, after its last result (an acknowledgement locks the record, CZ-GEN-RECORD).
 */
function czjpaTeamRelay(): EventFile {
	const ruleset = preset('czjpa-team-relay');
	const competition: Competition = { id: 'cz-relay', eventId: czDay.id, name: 'Team relay', ruleset: { id: ruleset.id, version: ruleset.version } };
	const heat: Heat = { id: 'cz-relay-h1', competitionId: competition.id, name: 'Relay' };
	const teams: [string, string, string[]][] = [
		['team-1', 'Dílky z Brna', ['Eva Pokorná', 'Lukáš Pospíšil', 'Markéta Hájková', 'Jiří Král']],
		['team-2', 'Rychlé prsty', ['Barbora Jelínková', 'Pavel Růžička', 'Zuzana Benešová', 'Michal Fiala']],
		['team-3', 'Skládačky Praha', ['Klára Zemanová', 'Vojtěch Kolář', 'Adéla Navrátilová', 'Filip Čermák']]
	];
	const entries: Entry[] = teams.map(([id, name, members], i) => ({
		id,
		competitionId: competition.id,
		heatId: heat.id,
		name,
		members: members.map((m, k) => ({ id: `${id}-m${k + 1}`, name: m })),
		table: `R${i + 1}`
	}));
	const T0 = Date.UTC(2026, 4, 16, 12, 0, 0);
	const at = (clock: number) => T0 + clock;
	const log = new DeviceLog({ deviceId: 'cz-relay-tab', judge: 'David Doležal', competitionId: competition.id, heatId: heat.id });
	log.start(T0, entries.map((e) => e.id));

	type Finish = [puzzleId: string, clock: number, member: number[], missing?: number];
	const run = (team: string, finishes: Finish[]) => {
		for (const [puzzleId, clock, members, missing] of finishes) {
			if (puzzleId === 'p2-1')
				log.record('relay.pairs-assigned', at(clock - t(0, 40)), team, {
					pairs: [
						[`${team}-m1`, `${team}-m2`],
						[`${team}-m3`, `${team}-m4`]
					]
				});
			const f = log.puzzleFinished(team, at(clock), puzzleId, members.map((k) => `${team}-m${k}`));
			log.confirm(f, at(clock + 30 * SEC), missing ?? 0);
			if (puzzleId !== 'final') log.record('relay.teardown-done', at(clock + 30 * SEC + 3 * MIN), team, { puzzleId });
		}
	};
	// Dílky z Brna: all eight puzzles, one piece missing in p2-2: 4:12:30.000 + 10 s = 4:12:40.000.
	run('team-1', [
		['p1-1', t(1, 2, 10), [2]],
		['p1-2', t(1, 10, 45), [1]],
		['p1-3', t(1, 15, 30), [4]],
		['p1-4', t(1, 21, 5), [3]],
		['p2-1', t(1, 58, 20), [1, 2]],
		['p2-2', t(2, 3, 40), [3, 4], 1],
		['p3', t(2, 41, 15), [1, 2, 3, 4]],
		['final', t(4, 12, 30), [1, 2, 3, 4]]
	]);
	log.ack('team-1', at(t(4, 14, 0)));
	// Rychlé prsty: faster, no missing piece: 3:58:07.500.
	run('team-2', [
		['p1-1', t(0, 58, 0), [1]],
		['p1-2', t(1, 4, 30), [3]],
		['p1-3', t(1, 8, 15), [2]],
		['p1-4', t(1, 12, 50), [4]],
		['p2-1', t(1, 49, 0), [1, 2]],
		['p2-2', t(1, 52, 30), [3, 4]],
		['p3', t(2, 25, 10), [1, 2, 3, 4]],
		['final', t(3, 58, 7, 500), [1, 2, 3, 4]]
	]);
	log.ack('team-2', at(t(3, 59, 30)));
	// Skládačky Praha: part 1 done (p1-3 with one piece missing: counts 499), both part-2
	// puzzles open at 5:00:00 and tallied; p3 and the final never reached (count 0).
	run('team-3', [
		['p1-1', t(1, 20, 0), [1]],
		['p1-2', t(1, 35, 0), [2]],
		['p1-3', t(1, 41, 30), [3], 1],
		['p1-4', t(1, 50, 0), [4]]
	]);
	log.record('relay.pairs-assigned', at(t(1, 54, 0)), 'team-3', {
		pairs: [
			['team-3-m1', 'team-3-m3'],
			['team-3-m2', 'team-3-m4']
		]
	});
	log.record('heat.time-limit', at(t(5, 0, 0)), null, { entryIds: ['team-3'] });
	log.tally('team-3', at(t(5, 5, 0)), [300, 120, 2, 2], 'p2-1'); // 420
	log.tally('team-3', at(t(5, 6, 0)), [250, 80, 40, 3, 2, 1, 1], 'p2-2'); // 373
	log.ack('team-3', at(t(5, 8, 0)));

	return file(
		{ events: [czDay], rulesets: [ruleset], competitions: [competition], heats: [heat], entries },
		log.events,
		at(t(5, 30, 0)),
		'cz-relay-tab'
	);
}

/**
 * Spanish adult individual (ES-*): six competitors in one turn at two tables, each table
 * with its own tablet. The turn starts at 11:00 CEST (09:00 UTC) with the 2:00 preview
 * (ES-PREVIEW): the clock's zero is 09:02 UTC. Tablet B also holds the turn's start and
 * Ana's finish (synced from A); tablet A also holds Antonio's pause (synced from B).
 */
function esAdultIndividual(): { a: EventFile; b: EventFile } {
	const ruleset = preset('es-adult-individual');
	const day: CompetitionEvent = { id: 'fiesta-2026', name: 'Torneo de puzles de las fiestas 2026', date: '2026-08-15', venue: 'Casa de Cultura' };
	const competition: Competition = { id: 'es-adult', eventId: day.id, name: 'Adultos individual', ruleset: { id: ruleset.id, version: ruleset.version } };
	const heat: Heat = { id: 'es-adult-t1', competitionId: competition.id, name: 'Turno de mañana' };
	const people: [string, string, string][] = [
		['es-01', 'María García', 'A'],
		['es-02', 'José Fernández', 'B'],
		['es-03', 'Ana González', 'A'],
		['es-04', 'Antonio Rodríguez', 'B'],
		['es-05', 'Isabel López', 'A'],
		['es-06', 'Francisco Martínez', 'B']
	];
	const entries: Entry[] = people.map(([id, name, table]) => ({
		id,
		competitionId: competition.id,
		heatId: heat.id,
		name,
		members: [{ id: `${id}-m`, name, birthDate: '1980-01-01' }],
		table
	}));
	const T0 = Date.UTC(2026, 7, 15, 9, 0, 0);
	const C0 = T0 + 2 * MIN; // the clock's zero after the preview
	const at = (clock: number) => C0 + clock;
	const a = new DeviceLog({ deviceId: 'tab-a', judge: 'Pilar Díaz', competitionId: competition.id, heatId: heat.id });
	const b = new DeviceLog({ deviceId: 'tab-b', judge: 'Javier Ruiz', competitionId: competition.id, heatId: heat.id });

	// Tablet A: the start, Ana (assistance), María, Isabel (unfinished).
	const start = a.start(T0, entries.map((e) => e.id), 2 * MIN);
	a.assist('es-03', at(t(0, 10, 0, 250)), at(t(0, 13, 30, 900))); // 3:30.650 → +3:30 (ES-ASSIST, ES-WIN)
	const anaFinish = a.finish('es-03', at(t(0, 41, 45, 300))); // 41:45.300 → 41:45; + 3:30 = 45:15
	a.finish('es-01', at(t(0, 45, 0, 400))); // 45:00.400 → 45:00 (ES-WIN)
	a.tally('es-05', at(t(2, 3, 0)), [120, 30, 9, 9, 5, 1]); // 150 in groups of 10+: 50 loose → 2:00:00 + 8:20 = 2:08:20
	a.ack('es-05', at(t(2, 4, 0)));

	// Tablet B: Antonio (a pause, a mistaken tap voided), José, Francisco (unfinished).
	const pauseStart = b.record('pause.start', at(t(0, 20, 0)), 'es-04', {});
	const pauseEnd = b.record('pause.end', at(t(0, 24, 10)), 'es-04', {}); // 4:10 paused (ES-PAUSE)
	const wrong = b.hand('es-04', at(t(0, 30, 0)));
	b.correct(wrong, at(t(0, 30, 20)), 'tapped the wrong seat');
	b.finish('es-04', at(t(0, 52, 30, 700))); // wall 52:30.700 − 4:10 paused = 48:20.700 → 48:20
	b.finish('es-02', at(t(0, 45, 0, 900))); // 45:00.900 → 45:00: tied with María (ES-TIE)
	b.tally('es-06', at(t(2, 3, 30)), [150, 40, 3]); // 190 in groups of 10+: 10 loose → 2:00:00 + 1:40 = 2:01:40
	b.ack('es-06', at(t(2, 4, 30)));

	const anaEvents = a.events.filter((e) => e.entryId === 'es-03' && e.at >= anaFinish.at);
	const setup: EventFileSetup = { events: [day], rulesets: [ruleset], competitions: [competition], heats: [heat], entries };
	return {
		a: file(setup, [...a.events, pauseStart, pauseEnd], at(t(2, 30, 0)), 'tab-a'),
		b: file(setup, [start, ...anaEvents, ...b.events], at(t(2, 31, 0)), 'tab-b')
	};
}

/** A small valid file whose log[3] has a wrong type in its payload: missingPieces "two". */
function badEvent(): EventFile {
	const ruleset = preset('czjpa-individual');
	const competition: Competition = { id: 'bad-comp', eventId: czDay.id, name: 'Bad file test', ruleset: { id: ruleset.id, version: ruleset.version } };
	const heat: Heat = { id: 'bad-h1', competitionId: competition.id, name: 'Heat 1' };
	const entries: Entry[] = [
		{ id: 'bad-e1', competitionId: competition.id, heatId: heat.id, name: 'Tomáš Černý', members: [] },
		{ id: 'bad-e2', competitionId: competition.id, heatId: heat.id, name: 'Eva Pokorná', members: [] }
	];
	const T0 = Date.UTC(2026, 4, 16, 8, 0, 0);
	const log = new DeviceLog({ deviceId: 'tab-x', judge: 'Hana', competitionId: competition.id, heatId: heat.id });
	log.start(T0, ['bad-e1', 'bad-e2']); // log[0]
	const h1 = log.hand('bad-e1', T0 + t(0, 55)); // log[1]
	const h2 = log.hand('bad-e2', T0 + t(0, 55, 10)); // log[2]
	const bad = log.confirm(h2, T0 + t(0, 55, 40), 2); // log[3], event tab-x-4
	log.confirm(h1, T0 + t(0, 55, 45)); // log[4]
	const events = log.events.map((e) => (e === bad ? { ...e, payload: { ...e.payload, missingPieces: 'two' } } : e)) as JudgeEvent[];
	const ordered = events;
	return file({ events: [czDay], rulesets: [ruleset], competitions: [competition], heats: [heat], entries }, ordered, T0 + t(2, 0), 'tab-x');
}

mkdirSync(dir, { recursive: true });
write('czjpa-individual.json', czjpaIndividual());
write('czjpa-team-relay.json', czjpaTeamRelay());
const es = esAdultIndividual();
write('es-adult-individual-tablet-a.json', es.a);
write('es-adult-individual-tablet-b.json', es.b);
write('bad-event.json', badEvent(), false);
