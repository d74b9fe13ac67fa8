import { headerKey } from './columns';

/**
 * A country as a registration file gives it: a code (cz, CZE, esp) or a name in Czech, Spanish
 * or English ("Česko", "Česká republika", "España", "Slovakia"), as the register keeps it: an
 * upper-case ISO 3166 code. Names are read for the countries of the events this app serves and
 * their neighbours; any other country is typed as its code.
 */

const NAMES: Record<string, readonly string[]> = {
	CZE: ['czech republic', 'czechia', 'cesko', 'ceska republika', 'chequia', 'republica checa'],
	SVK: ['slovakia', 'slovensko', 'eslovaquia'],
	ESP: ['spain', 'spanelsko', 'espana'],
	POL: ['poland', 'polsko', 'polonia'],
	DEU: ['germany', 'nemecko', 'alemania'],
	AUT: ['austria', 'rakousko'],
	HUN: ['hungary', 'madarsko', 'hungria'],
	FRA: ['france', 'francie', 'francia'],
	ITA: ['italy', 'italie', 'italia'],
	PRT: ['portugal', 'portugalsko'],
	GBR: ['united kingdom', 'great britain', 'uk', 'velka britanie', 'spojene kralovstvi', 'reino unido', 'gran bretana'],
	USA: ['united states', 'united states of america', 'spojene staty', 'spojene staty americke', 'estados unidos'],
	NLD: ['netherlands', 'holland', 'nizozemsko', 'holandsko', 'paises bajos', 'holanda'],
	BEL: ['belgium', 'belgie', 'belgica'],
	CHE: ['switzerland', 'svycarsko', 'suiza'],
	MEX: ['mexico', 'mexiko'],
	ARG: ['argentina'],
	UKR: ['ukraine', 'ukrajina', 'ucrania']
};

const BY_NAME = new Map(Object.entries(NAMES).flatMap(([code, names]) => names.map((n) => [n, code] as const)));

/** The code for `text`: a known name's code, else the text upper-cased (the register's schema then checks it is a code). Empty: undefined. */
export function countryCode(text: string): string | undefined {
	const t = text.trim();
	if (t === '') return undefined;
	return BY_NAME.get(headerKey(t)) ?? t.toUpperCase();
}
