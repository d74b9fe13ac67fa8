/**
 * Text as names are compared (a search at the door, the same person in an import): lower case,
 * without diacritics (ø, ł, đ and ß, which do not decompose, by hand).
 */
export function foldLetters(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.toLowerCase()
		.replace(/ø/g, 'o')
		.replace(/ł/g, 'l')
		.replace(/đ/g, 'd')
		.replace(/ß/g, 'ss');
}
