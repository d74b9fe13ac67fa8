import { m, locale as currentLocale } from '$lib/i18n';
import type { Conflict } from '$lib/scoring';
import type { ResolutionOption } from '../resolution';
import type { WordsOptions } from './conflict-context';

/**
 * The label of each way to resolve a conflict, in the options' order: "Keep Table A's finish
 * (8:31.103), void Table B's finish (8:44.966)". `phraseOf` names an event by its ID (event-phrases.ts).
 */
export function optionLabels(conflict: Pick<Conflict, 'kind'>, options: readonly ResolutionOption[], phraseOf: (eventId: string) => string, opt: WordsOptions): string[] {
	const list = (ids: readonly string[]) => new Intl.ListFormat(opt.locale ?? currentLocale.current, { type: 'conjunction' }).format(ids.map(phraseOf));
	return options.map((o) => {
		switch (o.kind) {
			case 'keep': {
				const values = { kept: phraseOf(o.keep), voided: list(o.voids) };
				return conflict.kind === 'double-correction' ? m.org_cf_keep_correction(values, opt) : m.org_cf_keep(values, opt);
			}
			case 'void':
				return conflict.kind === 'after-lock' ? m.org_cf_leave_out({ event: list(o.voids) }, opt) : m.org_cf_void({ events: list(o.voids) }, opt);
			case 'apply':
				return m.org_cf_apply({ event: phraseOf(o.applies) }, opt);
		}
	});
}
