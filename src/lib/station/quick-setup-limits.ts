/**
 * The limits QuickSetupSchema enforces (quick-setup-problems.test.ts checks that they agree). A
 * file of its own: the quick set-up's form shows them on the home, whose first load does not carry
 * the problems' code (quick-setup-problems.ts loads when a judge sets up).
 */
export const QUICK_SETUP_LIMITS = {
	/** Seats in the heat. */
	seats: 60,
	/** Characters of a competition or seat name. */
	nameLength: 200,
	/** Characters of the table's name. */
	tableLength: 40
} as const;

