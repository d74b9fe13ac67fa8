/**
 * The ruleset presets' names in the current (or a given) locale, by preset ID. The presets'
 * own `name` (src/lib/rules/presets.ts) stays the English data the CLI, the server and event
 * files use; a ruleset that is not one of these presets keeps its own name.
 * preset-names.test.ts checks that every preset has a name here, that the English one is the
 * preset's, and that the others carry the same numbers.
 */
import { m, type Locale } from '$lib/i18n';

type NameMessage = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;

const PRESET_NAMES: Readonly<Record<string, NameMessage>> = {
	'czjpa-individual': m.preset_czjpa_individual,
	'czjpa-team-relay': m.preset_czjpa_team_relay,
	'es-kids-pairs-5-7': m.preset_es_kids_pairs_5_7,
	'es-kids-pairs-9-10': m.preset_es_kids_pairs_9_10,
	'es-kids-pairs-11-14': m.preset_es_kids_pairs_11_14,
	'es-adult-individual': m.preset_es_adult_individual,
	'es-kids-group': m.preset_es_kids_group,
	'es-family-group': m.preset_es_family_group,
	'es-adult-group': m.preset_es_adult_group
};

/** The IDs of the presets with a translated name. */
export const TRANSLATED_PRESET_IDS: readonly string[] = Object.keys(PRESET_NAMES);

/** A ruleset's name for people: a preset's in the locale, any other ruleset's own `name`. */
export function presetName(ruleset: { id: string; name: string }, options: { locale?: Locale } = {}): string {
	const message = Object.hasOwn(PRESET_NAMES, ruleset.id) ? PRESET_NAMES[ruleset.id] : undefined;
	return message ? message({}, { locale: options.locale }) : ruleset.name;
}
