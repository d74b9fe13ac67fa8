import { validate, type Validated } from '$lib/validation';
import { RulesetSchema, type Ruleset } from './schema';

export function parseRuleset(input: unknown): Validated<Ruleset> {
	return validate(RulesetSchema, input);
}

type DeepPartial<T> = T extends readonly (infer _U)[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> | null } : T;

function isPlainObject(v: unknown): v is Record<string, unknown> {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function merge(base: unknown, patch: unknown): unknown {
	if (!isPlainObject(base) || !isPlainObject(patch)) return patch === undefined ? base : patch;
	const out: Record<string, unknown> = { ...base };
	for (const [k, v] of Object.entries(patch)) out[k] = merge(base[k], v);
	return out;
}

/**
 * A custom ruleset: a copy of `base` with `changes` merged in (objects merge, arrays and
 * values replace). It gets a new id, version 1, rulebook "custom" and names its origin.
 * The result is validated: an invalid change is refused with the field and the reason.
 */
export function deriveRuleset(base: Ruleset, id: string, name: string, changes: DeepPartial<Ruleset> = {}): Validated<Ruleset> {
	const copy = merge(structuredClone(base), changes) as Record<string, unknown>;
	return parseRuleset({ ...copy, id, name, version: 1, rulebook: 'custom', basedOn: { id: base.id, version: base.version } });
}

/**
 * A new version of the same ruleset (CZ-GEN-CHANGES): same id, version + 1. A competition keeps
 * the version it started with; only competitions not yet started move to the new one.
 */
export function reviseRuleset(current: Ruleset, changes: DeepPartial<Ruleset>): Validated<Ruleset> {
	const copy = merge(structuredClone(current), changes) as Record<string, unknown>;
	return parseRuleset({ ...copy, id: current.id, version: current.version + 1 });
}
