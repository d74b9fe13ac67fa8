/**
 * The shared scoring module: events → outcomes → standings. Pure TypeScript: no DOM, no
 * database, no clock of its own (the current time is always an argument). The tablet, the
 * organizer's screens, the server and the CLI all import it from here.
 */
export { CompetitionScorer, scoreCompetition, type CompetitionSetup } from './scorer';
export { applyCorrections } from './corrections';
export { foldEntry, type EntrySummary } from './fold';
export { evaluate, countedPieces, puzzlesToTally } from './outcome';
export { advance, spanOf, type OutcomeSpan } from './span';
export { rankOutcomes, rankBasis, rankKey, Ranking } from './standings';
export { rotationAt, type RotationState } from './rotation';
export { atResolution, formatResult, resultPrecision } from './time';
export type * from './types';
export { CONFLICT_KINDS, WARNING_KINDS } from './types';
export { relayFinishers, relayProgress, type RelayProgress, type RelayPuzzle, type RelayPuzzleState, type RelayStageProgress } from './relay-progress';
