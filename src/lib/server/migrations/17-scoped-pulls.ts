/**
 * Migration 17. Scoped pulls: a judge tablet pulls its own competitions' events (judgeEventPageBytes with a
 * scope), in arrival order: (event_id, competition_id, server_seq), the row ID being the server
 * sequence.
 */
export default `
	CREATE INDEX judge_events_scope ON judge_events (event_id, competition_id);
	`;
