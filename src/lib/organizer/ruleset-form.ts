import { m } from '$lib/i18n';
import { canonicalJson } from '$lib/events/order';
import { RulesetSchema, type Ruleset } from '$lib/rules/schema';
import { rulesetIssueText } from './ruleset-issue-words';

/**
 * The ruleset form (not JSON): each parameter the organizer may change, with its label and
 * one line of help, read from a ruleset into text and written back; the result validated by
 * RulesetSchema, each issue put next to the field it is about (by the issue's path), worded in
 * the screen's language (ruleset-issue-words.ts).
 */

type Message = () => string;
type Path = readonly (string | number)[];

/** How a field's text reads: free text, a whole number, a number, minutes or seconds (of a duration in ms), one of some choices, yes/no. */
export type FieldKind = 'text' | 'int' | 'number' | 'minutes' | 'seconds' | 'choice' | 'bool';

export interface RulesetField {
	key: string;
	label: Message;
	help: Message;
	kind: FieldKind;
	/** Where it is in the ruleset: zod's issues at this path (or above it) are this field's. */
	path: Path;
	/** The choices of a `choice` field, with their words. */
	choices?: readonly { value: string; label: Message }[];
	/**
	 * What empty text means: nothing (the value is required), the key left out ('omit'), or the
	 * object holding it set to null ('null-parent': no capacity, no refund). A yes/no field with
	 * 'omit' is left out when no (an optional flag that is false when absent).
	 */
	empty?: 'omit' | 'null-parent';
	/** Shown only for rulesets it applies to (a single puzzle's pieces, a pause policy's limits). */
	applies?: (r: Ruleset) => boolean;
}

const single = (r: Ruleset) => r.format.kind === 'single';
const withPause = (r: Ruleset) => r.pause !== null;
const withAssistance = (r: Ruleset) => r.assistance !== null;
const withPenalty = (r: Ruleset) => r.missingPieces.policy === 'penalty';

const PER = [
	{ value: 'person', label: m.org_rf_opt_person },
	{ value: 'entry', label: m.org_rf_opt_entry }
] as const;

export const RULESET_FIELDS: readonly RulesetField[] = [
	{ key: 'name', label: m.org_rf_name, help: m.org_rf_name_help, kind: 'text', path: ['name'] },
	{ key: 'pieces', label: m.org_rf_pieces, help: m.org_rf_pieces_help, kind: 'int', path: ['format', 'puzzle', 'pieces'], applies: single },
	{ key: 'time_limit', label: m.org_rf_time_limit, help: m.org_rf_time_limit_help, kind: 'minutes', path: ['timeLimitMs'] },
	{ key: 'preview', label: m.org_rf_preview, help: m.org_rf_preview_help, kind: 'minutes', path: ['previewMs'] },
	{
		key: 'resolution',
		label: m.org_rf_resolution,
		help: m.org_rf_resolution_help,
		kind: 'choice',
		path: ['timeResolution'],
		choices: [
			{ value: 'ms', label: m.org_rf_opt_ms },
			{ value: 'second-truncated', label: m.org_rf_opt_second_truncated }
		]
	},
	{ key: 'size_min', label: m.org_rf_size_min, help: m.org_rf_size_min_help, kind: 'int', path: ['unit', 'size', 'min'] },
	{ key: 'size_max', label: m.org_rf_size_max, help: m.org_rf_size_max_help, kind: 'int', path: ['unit', 'size', 'max'] },
	{ key: 'age_min', label: m.org_rf_age_min, help: m.org_rf_age_min_help, kind: 'int', path: ['unit', 'memberAge', 'min'], empty: 'omit' },
	{ key: 'age_max', label: m.org_rf_age_max, help: m.org_rf_age_max_help, kind: 'int', path: ['unit', 'memberAge', 'max'], empty: 'omit' },
	{ key: 'drawn', label: m.org_rf_drawn, help: m.org_rf_drawn_help, kind: 'bool', path: ['unit', 'drawn'], empty: 'omit', applies: (r) => r.unit.kind !== 'individual' },
	{ key: 'accompanied', label: m.org_rf_accompanied, help: m.org_rf_accompanied_help, kind: 'int', path: ['unit', 'accompaniedUnderAge'], empty: 'omit' },
	{ key: 'capacity', label: m.org_rf_capacity, help: m.org_rf_capacity_help, kind: 'int', path: ['capacity', 'max'], empty: 'null-parent' },
	{ key: 'capacity_per', label: m.org_rf_capacity_per, help: m.org_rf_capacity_per_help, kind: 'choice', path: ['capacity', 'per'], choices: PER },
	{ key: 'fee', label: m.org_rf_fee, help: m.org_rf_fee_help, kind: 'number', path: ['fee', 'amount'] },
	{ key: 'fee_per', label: m.org_rf_fee_per, help: m.org_rf_fee_per_help, kind: 'choice', path: ['fee', 'per'], choices: PER },
	{ key: 'currency', label: m.org_rf_currency, help: m.org_rf_currency_help, kind: 'text', path: ['fee', 'currency'] },
	{
		key: 'payable',
		label: m.org_rf_payable,
		help: m.org_rf_payable_help,
		kind: 'choice',
		path: ['fee', 'payable'],
		choices: [
			{ value: 'registration', label: m.org_rf_opt_registration },
			{ value: 'check-in', label: m.org_rf_opt_check_in }
		]
	},
	{ key: 'refund', label: m.org_rf_refund, help: m.org_rf_refund_help, kind: 'int', path: ['refund', 'deadlineDaysBefore'], empty: 'null-parent' },
	{ key: 'awards', label: m.org_rf_awards, help: m.org_rf_awards_help, kind: 'int', path: ['awards', 'topN'] },
	{ key: 'missing_penalty', label: m.org_rf_missing_penalty, help: m.org_rf_missing_penalty_help, kind: 'seconds', path: ['missingPieces', 'penaltyMsPerPiece'], applies: withPenalty },
	{
		key: 'missing_from_box',
		label: m.box_rf_label,
		help: m.box_rf_help,
		kind: 'choice',
		path: ['missingFromBox'],
		choices: [
			{ value: 'penalty', label: m.box_rf_opt_penalty },
			{ value: 'exempt-when-confirmed', label: m.box_rf_opt_exempt }
		]
	},
	{ key: 'min_group', label: m.org_rf_min_group, help: m.org_rf_min_group_help, kind: 'int', path: ['unfinished', 'minGroupSize'] },
	{ key: 'pause_count', label: m.org_rf_pause_count, help: m.org_rf_pause_count_help, kind: 'int', path: ['pause', 'maxCount'], applies: withPause },
	{ key: 'pause_minutes', label: m.org_rf_pause_minutes, help: m.org_rf_pause_minutes_help, kind: 'minutes', path: ['pause', 'maxDurationMs'], applies: withPause },
	{ key: 'assist_count', label: m.org_rf_assist_count, help: m.org_rf_assist_count_help, kind: 'int', path: ['assistance', 'maxCount'], applies: withAssistance },
	{ key: 'assist_minutes', label: m.org_rf_assist_minutes, help: m.org_rf_assist_minutes_help, kind: 'minutes', path: ['assistance', 'maxTotalMs'], applies: withAssistance },
	{ key: 'tie_flag', label: m.org_rf_tie_flag, help: m.org_rf_tie_flag_help, kind: 'bool', path: ['ties', 'flagTieForFirst'] },
	{ key: 'companions', label: m.org_rf_companions, help: m.org_rf_companions_help, kind: 'int', path: ['checkIn', 'companionsMax'], empty: 'omit' },
	{ key: 'sorters', label: m.org_rf_sorters, help: m.org_rf_sorters_help, kind: 'int', path: ['checkIn', 'sortersMax'], empty: 'omit' }
];

/** The fields shown for this ruleset. */
export function fieldsFor(r: Ruleset): RulesetField[] {
	return RULESET_FIELDS.filter((f) => f.applies?.(r) ?? true);
}

/** The form's text, by field key. */
export type RulesetDraft = Record<string, string>;

function get(value: unknown, path: Path): unknown {
	let v = value;
	for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined;
	return v;
}

/** The default of a capacity's "per" while a ruleset has no capacity: people for individuals, entries otherwise. */
const defaultPer = (r: Ruleset) => (r.unit.kind === 'individual' ? 'person' : 'entry');

/** Decimals as typed in cs/es ("1,5") or en ("1.5"), without grouping. */
function numberText(n: number): string {
	return String(Math.round(n * 1000) / 1000);
}

/** The ruleset's values as the form's text. */
export function draftOf(r: Ruleset): RulesetDraft {
	const draft: RulesetDraft = {};
	for (const f of fieldsFor(r)) {
		const v = get(r, f.path);
		if (f.key === 'capacity_per') draft[f.key] = r.capacity?.per ?? defaultPer(r);
		else if (v === undefined || v === null) draft[f.key] = '';
		else if (f.kind === 'minutes') draft[f.key] = numberText((v as number) / 60_000);
		else if (f.kind === 'seconds') draft[f.key] = numberText((v as number) / 1000);
		else draft[f.key] = String(v);
	}
	return draft;
}

export type FieldErrors = Record<string, string>;

export type DraftResult =
	/** The new ruleset (its version still the old one: the server numbers it). `changed`: it differs from the one the form was opened with. */
	| { ok: true; ruleset: Ruleset; changed: boolean }
	/** What is wrong, by field key; `general`: issues no field shows. */
	| { ok: false; errors: FieldErrors; general: string[] };

function setAt(target: Record<string | number, unknown>, path: Path, value: unknown): void {
	let o = target;
	for (const p of path.slice(0, -1)) {
		if (o[p] === null || typeof o[p] !== 'object') o[p] = {};
		o = o[p] as Record<string | number, unknown>;
	}
	if (value === undefined) delete o[path.at(-1)!];
	else o[path.at(-1)!] = value;
}

/** The text of a numeric field as a number (ms for durations), or null when it is not one. */
function parseNumber(f: RulesetField, text: string): number | null {
	const t = text.trim().replace(',', '.');
	if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
	const n = Number(t);
	if (f.kind === 'minutes') return Math.round(n * 60_000);
	if (f.kind === 'seconds') return Math.round(n * 1000);
	return n;
}

/** The field an issue at `path` is about: the field at that path, or the first one below it (an issue about `unit.size` is shown at its minimum). */
export function fieldOfIssue(fields: readonly RulesetField[], path: Path): RulesetField | null {
	const key = (p: Path) => p.map(String).join('.');
	const at = key(path);
	return (
		fields.find((f) => key(f.path) === at) ??
		fields.find((f) => at !== '' && key(f.path).startsWith(`${at}.`)) ??
		fields.find((f) => at.startsWith(`${key(f.path)}.`)) ??
		null
	);
}

/** The ruleset the form's text makes of `base`, validated; or what is wrong, field by field. */
export function rulesetFromDraft(base: Ruleset, draft: RulesetDraft): DraftResult {
	const fields = fieldsFor(base);
	// A JSON copy: the ruleset may be a reactive proxy of the screen's state, which structuredClone refuses.
	const candidate = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
	const errors: FieldErrors = {};
	const nulled = new Set<string>();
	for (const f of fields) {
		const text = draft[f.key] ?? '';
		const parent = String(f.path[0]);
		if (nulled.has(parent)) continue;
		if (f.kind === 'text' || f.kind === 'choice') {
			if (f.key === 'capacity_per' && candidate.capacity === null) continue;
			setAt(candidate, f.path, f.key === 'currency' ? text.trim().toUpperCase() : text);
			continue;
		}
		if (f.kind === 'bool') {
			setAt(candidate, f.path, text === 'true' ? true : f.empty === 'omit' ? undefined : false);
			continue;
		}
		if (text.trim() === '' && f.empty) {
			if (f.empty === 'null-parent') {
				candidate[parent] = null;
				nulled.add(parent);
			} else setAt(candidate, f.path, undefined);
			continue;
		}
		const n = parseNumber(f, text);
		if (n === null) {
			errors[f.key] = m.org_rf_not_number();
			continue;
		}
		// A capacity typed where there was none counts by the chosen (or default) unit.
		if (f.key === 'capacity' && candidate.capacity === null) candidate.capacity = { max: n, per: draft.capacity_per || defaultPer(base) };
		else setAt(candidate, f.path, n);
	}
	const unit = candidate.unit as Record<string, unknown>;
	if (unit.memberAge && Object.keys(unit.memberAge as object).length === 0) delete unit.memberAge;
	if (Object.keys(errors).length > 0) return { ok: false, errors, general: [] };
	const parsed = RulesetSchema.safeParse(candidate);
	if (!parsed.success) {
		const general: string[] = [];
		for (const issue of parsed.error.issues) {
			const f = fieldOfIssue(fields, issue.path as Path);
			if (f) errors[f.key] ??= rulesetIssueText(issue, f.key);
			else general.push(`${issue.path.join('.')}: ${rulesetIssueText(issue)}`);
		}
		return { ok: false, errors, general };
	}
	return { ok: true, ruleset: parsed.data, changed: canonicalJson(parsed.data) !== canonicalJson(base) };
}
