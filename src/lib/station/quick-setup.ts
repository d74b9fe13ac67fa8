import { safeParse, z } from 'zod/mini';
import { presetById } from '$lib/rules/presets';
import { issuePath, type ValidationIssue } from '$lib/validation';
import type { SetupBundle } from '$lib/db/setup-store';
import { SeatLabelSchema } from '$lib/setup/schema';
import { plainText } from '$lib/setup/plain-text';
import { quickCompetitionId, quickDayId } from '$lib/setup/quick-setup-ids';

/**
 * A heat set up on the spot by a judge who received nothing from the organizer: a competition
 * from a preset, one heat at one table, N seats with the names typed in (blank names become
 * "Seat N"). IDs are made here, unique with the caller's random suffix.
 * Names are checked as the save checks them (issue 29 #8: no control characters, plainText
 * first, before the trim), so that what passes here is not refused by saveSetup on the tablet.
 * A relay's line ("Team: Anna, Bára") is checked whole, which covers the team's and the
 * members' names it is split into.
 */
export const QuickSetupSchema = z.object({
	presetId: z.string().check(z.refine((id) => presetById(id) !== undefined, 'choose one of the presets')),
	competitionName: z.optional(z.string().check(plainText(), z.trim(), z.maxLength(200))),
	seatNames: z.array(z.string().check(plainText(), z.trim(), z.maxLength(200))).check(z.minLength(1, 'at least one seat'), z.maxLength(60, 'at most 60 seats')),
	/** Tidied as its entries' table is when saved ("01" is "1", issue 29 #8), so that the heat opens at its seats. */
	table: z._default(SeatLabelSchema, '1'),
	/** The competition day, YYYY-MM-DD (the tablet's date). */
	day: z.iso.date(),
	/** Random letters and digits that make the IDs unique (e.g. from crypto.randomUUID). */
	suffix: z.string().check(z.regex(/^[a-z0-9]{4,16}$/))
});
export type QuickSetupInput = z.input<typeof QuickSetupSchema>;

/**
 * An issue of a quick set-up: the field and why (as `validate` gives them), and zod's code for
 * the kind of issue — `too_big` for a name or table too long, `custom` for the plain-text check's
 * control character — by which quick-setup-problems.ts tells the judge's problems apart.
 */
export interface QuickSetupIssue extends ValidationIssue {
	code: string;
}

export type QuickSetupResult = { ok: true; value: QuickSetup } | { ok: false; issues: QuickSetupIssue[] };

export interface QuickSetup {
	bundle: SetupBundle;
	competitionId: string;
	heatId: string;
	table: string;
}

/** Names for what the judge leaves blank, in the judge's language (src/lib/station/quick-setup-messages.ts). */
export interface QuickSetupNames {
	/** The competition's name when none is typed (default: the preset's name). */
	competition?: string;
	/** The heat's name (default "Heat 1"). */
	heat?: string;
	/** A team member's name when none is typed (default "Member N"). */
	member?: (n: number) => string;
}

/**
 * A team's line of a relay's quick set-up: "Team name: Anna, Bára, Cyril, Dana". The relay's
 * rotation needs its members in order (member i starts at puzzle i, CZ-TEAM-P1): names not
 * typed become "Member N", up to the team's size (names beyond it are left out).
 */
export function teamLine(line: string, size: { min: number; max: number }, member: (n: number) => string): { name: string; members: string[] } {
	const colon = line.indexOf(':');
	const name = (colon < 0 ? line : line.slice(0, colon)).trim();
	const typed = colon < 0 ? [] : line.slice(colon + 1).split(',').map((m) => m.trim()).filter((m) => m !== '');
	const members = typed.slice(0, size.max);
	while (members.length < size.min) members.push(member(members.length + 1));
	return { name, members };
}

export function quickSetup(input: QuickSetupInput, names: QuickSetupNames = {}): QuickSetupResult {
	const parsed = safeParse(QuickSetupSchema, input);
	if (!parsed.success) return { ok: false, issues: parsed.error.issues.map((i) => ({ path: issuePath(i.path), message: i.message, code: i.code })) };
	const { presetId, competitionName, seatNames, table, day, suffix } = parsed.data;
	const ruleset = presetById(presetId)!;
	const relay = ruleset.format.kind === 'relay';
	const dayId = quickDayId(day);
	const competitionId = quickCompetitionId(suffix);
	const heatId = `q-${suffix}-h1`;
	return {
		ok: true,
		value: {
			competitionId,
			heatId,
			table,
			bundle: {
				days: [{ id: dayId, name: day, date: day }],
				rulesets: [ruleset],
				competitions: [{ id: competitionId, eventId: dayId, name: competitionName || names.competition || ruleset.name, ruleset: { id: ruleset.id, version: ruleset.version } }],
				heats: [{ id: heatId, competitionId, name: names.heat || 'Heat 1' }],
				entries: seatNames.map((line, i) => {
					const id = `${competitionId}-s${i + 1}`;
					// A relay's line is a team with its members; other seats are their name only.
					const team = relay ? teamLine(line, ruleset.unit.size, names.member ?? ((n) => `Member ${n}`)) : null;
					const name = (team ? team.name : line) || `Seat ${i + 1}`;
					const members = team ? team.members.map((m, j) => ({ id: `${id}-m${j + 1}`, name: m.slice(0, 200) })) : [];
					return { id, competitionId, heatId, name, members, table, seat: String(i + 1) };
				})
			}
		}
	};
}
