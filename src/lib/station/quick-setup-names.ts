/** The names a quick set-up gives what the judge leaves blank, in the judge's language (the problems' words: quick-setup-messages.ts). */
import { m, type Locale } from '$lib/i18n';
import { presetName } from '$lib/i18n/preset-names';
import { presetById } from '$lib/rules/presets';
import type { QuickSetupNames } from './quick-setup';

export interface QuickSetupMessageOptions {
	/** Defaults to the current locale. */
	locale?: Locale;
}

/** The competition's name (the preset's, translated) and the heat's ("Rozběh 1"), for a set-up of `presetId`. */
export function quickSetupNames(presetId: string, options: QuickSetupMessageOptions = {}): QuickSetupNames {
	const opt = { locale: options.locale };
	const preset = presetById(presetId);
	return {
		...(preset ? { competition: presetName(preset, opt) } : {}),
		heat: m.station_heat_number({ number: 1 }, opt),
		member: (n) => m.station_default_member_name({ number: n }, opt)
	};
}
