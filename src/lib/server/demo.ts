import { PRESETS } from '$lib/rules/presets';
import type { AgeRange, Ruleset } from '$lib/rules/schema';
import type { CompetitionEvent, Competition, Entry, Heat, Member } from '$lib/setup/schema';
import type { Store } from './store';

/**
 * The demo event inserted on first start (when the store has no events): one competition
 * per preset, one heat each and a handful of entries whose sizes and ages fit the preset's
 * unit on the event day, so that every screen has something real to show.
 */

export const DEMO_EVENT_ID = 'demo';
/** A fixed Saturday, so that the members' ages (and the tests) do not depend on today. */
export const DEMO_EVENT_DATE = '2026-05-16';

const COMPETITION_NAMES: Record<string, string> = {
	'czjpa-individual': 'Individual championship',
	'czjpa-team-relay': 'Team relay',
	'es-kids-pairs-5-7': 'Kids pairs 5–7',
	'es-kids-pairs-9-10': 'Kids pairs 9–10',
	'es-kids-pairs-11-14': 'Kids pairs 11–14',
	'es-adult-individual': 'Adult individual',
	'es-kids-group': 'Kids groups',
	'es-family-group': 'Family & friends groups',
	'es-adult-group': 'Adult groups'
};

const CZECH_NAMES = [
	'Jana Nováková', 'Petr Svoboda', 'Lucie Dvořáková', 'Tomáš Černý', 'Kateřina Procházková', 'Martin Kučera',
	'Veronika Veselá', 'Jakub Horák', 'Tereza Němcová', 'Ondřej Marek', 'Eva Pokorná', 'Lukáš Pospíšil',
	'Markéta Hájková', 'Jiří Král', 'Barbora Jelínková', 'Pavel Růžička', 'Zuzana Benešová', 'Michal Fiala',
	'Hana Sedláčková', 'David Doležal', 'Klára Zemanová', 'Vojtěch Kolář', 'Adéla Navrátilová', 'Filip Čermák'
];
const CZECH_TEAMS = ['Dílky z Brna', 'Rychlé prsty', 'Skládačky Praha', 'Ostravské kostičky', 'Krajíčky', 'Puzzle Olomouc'];

const SPANISH_KIDS = [
	'Lucía', 'Mateo', 'Sofía', 'Hugo', 'Martina', 'Leo', 'Valeria', 'Daniel', 'Paula', 'Pablo', 'Julia', 'Álvaro',
	'Carmen', 'Marcos', 'Alba', 'Diego', 'Irene', 'Adrián', 'Noa', 'Manuel', 'Vega', 'Bruno', 'Olivia', 'Izan'
];
const SPANISH_ADULTS = [
	'María', 'José', 'Ana', 'Antonio', 'Isabel', 'Francisco', 'Pilar', 'Javier', 'Rosa', 'Miguel', 'Elena', 'Carlos',
	'Laura', 'Fernando', 'Cristina', 'Luis', 'Marta', 'Rafael', 'Beatriz', 'Alberto'
];
const SPANISH_SURNAMES = [
	'García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
	'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Torres'
];
const SPANISH_GROUPS = [
	'Los Rompecabezas', 'Las Piezas Locas', 'Pequeños Genios', 'Amigos del Barrio', 'Club Puzle Sevilla', 'Las Esquinas',
	'Borde Primero', 'Los Encajados'
];

/** How many entries the demo gives a competition of this unit kind. */
const ENTRIES_PER_KIND: Record<Ruleset['unit']['kind'], number> = { individual: 5, pair: 3, group: 3, team: 4 };

export interface DemoSetup {
	events: CompetitionEvent[];
	rulesets: Ruleset[];
	competitions: Competition[];
	heats: Heat[];
	entries: Entry[];
}

/** The demo set-up for an event on `date` (YYYY-MM-DD). Deterministic. */
export function demoSetup(date: string = DEMO_EVENT_DATE, presets: readonly Ruleset[] = PRESETS): DemoSetup {
	const setup: DemoSetup = {
		events: [{ id: DEMO_EVENT_ID, name: 'Demo puzzle day', date, venue: 'Sokolovna, Brno' }],
		rulesets: [...presets],
		competitions: [],
		heats: [],
		entries: []
	};
	const names = new NamePicker();
	for (const ruleset of presets) {
		const competitionId = `${DEMO_EVENT_ID}-${ruleset.id}`;
		const heatId = `${competitionId}-h1`;
		setup.competitions.push({
			id: competitionId,
			eventId: DEMO_EVENT_ID,
			name: COMPETITION_NAMES[ruleset.id] ?? ruleset.name,
			ruleset: { id: ruleset.id, version: ruleset.version }
		});
		setup.heats.push({ id: heatId, competitionId, name: 'Heat 1' });
		const czech = ruleset.rulebook === 'czjpa';
		const { unit } = ruleset;
		const count = ENTRIES_PER_KIND[unit.kind];
		for (let i = 0; i < count; i++) {
			const entryId = `${competitionId}-e${i + 1}`;
			const size = unit.size.min + (i % (unit.size.max - unit.size.min + 1));
			const ages = unitAges(ruleset, size, i);
			const family = unit.composition.length > 0 && !czech ? names.surname() : undefined;
			const members: Member[] = ages.map((age, k) => ({
				id: `${entryId}-m${k + 1}`,
				name: czech ? names.czech() : names.spanish(age, family),
				birthDate: birthDateFor(date, age, 17 + ((i * 53 + k * 89) % 300)),
				country: czech ? 'CZ' : 'ES'
			}));
			setup.entries.push({
				id: entryId,
				competitionId,
				heatId,
				name: entryName(unit.kind, members, czech, family, names),
				members,
				table: String(i + 1)
			});
		}
	}
	return setup;
}

/** Inserts the demo event if the store has no events at all; returns whether it did. */
export function seedDemo(store: Store, date: string = DEMO_EVENT_DATE): boolean {
	return store.transaction(() => {
		if (store.countEvents() > 0) return false;
		store.insertSetup(demoSetup(date));
		return true;
	});
}

function entryName(kind: Ruleset['unit']['kind'], members: Member[], czech: boolean, family: string | undefined, names: NamePicker): string {
	if (kind === 'individual') return members[0]!.name;
	if (kind === 'pair') return members.map((m) => m.name.split(' ')[0]).join(czech ? ' a ' : ' y ');
	if (family) return `Familia ${family}`;
	return czech ? names.czechTeam() : names.spanishGroup();
}

/** Ages of a unit's members that satisfy its age range and composition. */
function unitAges(r: Ruleset, size: number, entryIndex: number): number[] {
	const { unit } = r;
	const adult: AgeRange = { min: Math.max(18, unit.accompaniedUnderAge ?? 0) };
	const ages: number[] = [];
	for (const c of unit.composition)
		for (let n = 0; n < c.atLeast; n++) ages.push(pickAge(intersect(c.age, unit.memberAge), entryIndex * 5 + ages.length));
	while (ages.length < size) {
		const range = unit.memberAge ?? adult;
		ages.push(pickAge(unit.composition.length > 0 ? intersect(range, adult) : range, entryIndex * 5 + ages.length));
	}
	return ages.slice(0, size);
}

function intersect(a: AgeRange, b: AgeRange | undefined): AgeRange {
	if (!b) return a;
	const min = Math.max(a.min ?? 0, b.min ?? 0);
	if (a.max === undefined && b.max === undefined) return { min };
	const max = Math.min(a.max ?? 130, b.max ?? 130);
	return { min, max: Math.max(min, max) };
}

/** A deterministic age in the range; open-ended adult ranges spread over about 45 years. */
function pickAge(range: AgeRange, k: number): number {
	const lo = range.min ?? 0;
	const hi = range.max ?? lo + 45;
	return lo + ((k * 7 + 3) % (hi - lo + 1));
}

/** A birth date `dayOffset` days (1–364) before the `age`-th birthday that falls on `eventDate`. */
export function birthDateFor(eventDate: string, age: number, dayOffset: number): string {
	const [y, m, d] = eventDate.split('-').map(Number) as [number, number, number];
	const t = Date.UTC(y - age, m - 1, d) - dayOffset * 86_400_000;
	return new Date(t).toISOString().slice(0, 10);
}

class NamePicker {
	private cz = 0;
	private czTeams = 0;
	private kids = 0;
	private adults = 0;
	private surnames = 0;
	private groups = 0;

	czech(): string {
		const base = CZECH_NAMES[this.cz % CZECH_NAMES.length]!;
		const round = Math.floor(this.cz++ / CZECH_NAMES.length);
		return round === 0 ? base : `${base} ${round + 1}.`;
	}

	czechTeam(): string {
		return CZECH_TEAMS[this.czTeams++ % CZECH_TEAMS.length]!;
	}

	spanishGroup(): string {
		return SPANISH_GROUPS[this.groups++ % SPANISH_GROUPS.length]!;
	}

	surname(): string {
		return SPANISH_SURNAMES[this.surnames++ % SPANISH_SURNAMES.length]!;
	}

	/** First name by age, then two surnames (the first one shared within a family). */
	spanish(age: number, family?: string): string {
		const first = age < 18 ? SPANISH_KIDS[this.kids++ % SPANISH_KIDS.length]! : SPANISH_ADULTS[this.adults++ % SPANISH_ADULTS.length]!;
		const n = this.kids + this.adults;
		const s1 = family ?? SPANISH_SURNAMES[(n * 3) % SPANISH_SURNAMES.length]!;
		const s2 = SPANISH_SURNAMES[(n * 7 + 5) % SPANISH_SURNAMES.length]!;
		return `${first} ${s1} ${s2 === s1 ? SPANISH_SURNAMES[(n * 7 + 6) % SPANISH_SURNAMES.length]! : s2}`;
	}
}
