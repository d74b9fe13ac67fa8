import { canonicalCountry } from '$lib/setup/country';
import { headerKey } from './columns';

/**
 * A country as a registration file gives it: a code (cz, CZE, esp) or a name in Czech, Spanish
 * or English ("Česko", "Česká republika", "España", "Slovakia"), as the register keeps it: an
 * ISO 3166-1 alpha-2 code (issue 30 #12: src/lib/setup/country.ts; CZE and CZ are both CZ). Names are read for the countries of the events this app serves and
 * their neighbours; any other country is typed as its code.
 */

const NAMES: Record<string, readonly string[]> = {
	CZ: ['czech republic', 'czechia', 'cesko', 'ceska republika', 'chequia', 'republica checa'],
	SK: ['slovakia', 'slovensko', 'eslovaquia'],
	ES: ['spain', 'spanelsko', 'espana'],
	PL: ['poland', 'polsko', 'polonia'],
	DE: ['germany', 'nemecko', 'alemania'],
	AT: ['austria', 'rakousko'],
	HU: ['hungary', 'madarsko', 'hungria'],
	FR: ['france', 'francie', 'francia'],
	IT: ['italy', 'italie', 'italia'],
	PT: ['portugal', 'portugalsko'],
	GB: ['united kingdom', 'great britain', 'uk', 'velka britanie', 'spojene kralovstvi', 'reino unido', 'gran bretana'],
	US: ['united states', 'united states of america', 'spojene staty', 'spojene staty americke', 'estados unidos'],
	NL: ['netherlands', 'holland', 'nizozemsko', 'holandsko', 'paises bajos', 'holanda'],
	BE: ['belgium', 'belgie', 'belgica'],
	CH: ['switzerland', 'svycarsko', 'suiza'],
	MX: ['mexico', 'mexiko'],
	AR: ['argentina'],
	UA: ['ukraine', 'ukrajina', 'ucrania']
};

const BY_NAME = new Map(Object.entries(NAMES).flatMap(([code, names]) => names.map((n) => [n, code] as const)));

/** The code for `text`: a known name's code, else the text as a code in the register's form (the register's schema then checks it is one). Empty: undefined. */
export function countryCode(text: string): string | undefined {
	const t = text.trim();
	if (t === '') return undefined;
	return BY_NAME.get(headerKey(t)) ?? canonicalCountry(t);
}
