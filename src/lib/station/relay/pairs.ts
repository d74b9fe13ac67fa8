/**
 * The two pairs of a pairs part (CZ-TEAM-P2), named by one choice: who pairs with the first
 * member; the other two make the second pair. Each member is then in exactly one pair.
 */
export function pairsWith(memberIds: readonly string[], partner: string): [[string, string], [string, string]] | null {
	const [first, ...others] = memberIds;
	if (first === undefined || memberIds.length !== 4 || !others.includes(partner)) return null;
	const rest = others.filter((m) => m !== partner);
	return [
		[first, partner],
		[rest[0]!, rest[1]!]
	];
}
