/**
 * The decimal separator and minus sign of a locale. The app's own locales have them fixed (CLDR's,
 * as Intl gives them; separators.test.ts checks that they agree): asking Intl (`formatToParts`)
 * on every clock of a heat's first paint cost ≈ 34 ms at 4× CPU throttling (issue 34). Intl stays
 * the answer for any other locale.
 */
const FIXED: Readonly<Record<string, { decimal: string; minus: string }>> = {
	en: { decimal: '.', minus: '-' },
	cs: { decimal: ',', minus: '-' },
	es: { decimal: ',', minus: '-' }
};

/** Intl's part of that type when formatting `value` in `locale`. */
function intlPart(locale: string, value: number, type: Intl.NumberFormatPartTypes, fallback: string): string {
	return new Intl.NumberFormat(locale).formatToParts(value).find((p) => p.type === type)?.value ?? fallback;
}

/** The locale's decimal separator: "." (en), "," (cs, es). */
export function localeDecimalSeparator(locale: string): string {
	return FIXED[locale]?.decimal ?? intlPart(locale, 1.5, 'decimal', '.');
}

/** The locale's minus sign: "-" (en, cs, es). */
export function localeMinusSign(locale: string): string {
	return FIXED[locale]?.minus ?? intlPart(locale, -1, 'minusSign', '-');
}
