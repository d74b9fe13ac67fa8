/**
 * Migration 7. Rounds: a qualifying competition's final and advancement rule (Competition.advancesTo), as JSON.
 */
export default `
	ALTER TABLE competitions ADD COLUMN advances_to TEXT;
	`;
