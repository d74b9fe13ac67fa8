/**
 * The tablet side of sync (docs/sync.md), pure TS for the browser and for Node with
 * fake-indexeddb: inject fetch, clocks, timers and randomness through `env`.
 * Browser wiring: ./browser.ts; the UI's rune class: ./sync-status.svelte.ts.
 */
export { SyncEngine, type SyncEngineOptions, type SyncState, type SyncStatusSnapshot } from './engine';
export { SyncApi, type SyncApiOptions } from './api';
export { ApiError, isApiError, type ApiErrorKind } from './errors';
export { realEnvironment, type SyncEnvironment, type FetchLike, type Timers } from './environment';
export { loadPairing, savePairing, clearPairing, PAIRING_KEY } from './pairing';
export { pushOutbox, applyPushAnswer, tabletSetups, type PushOutcome } from './push';
export { pullEvents, pullSetup, cursorKey, cursorStoreKey, readCursor, readPosition, type PullOutcome } from './pull';
export { pullRoster, saveRoster, readRoster } from './roster';
export { buildBatch, utf8Bytes, PUSH_LIMITS, type PushBatch } from './batch';
export { backoffDelay, backoffCap, BACKOFF_BASE_MS, BACKOFF_CAP_MS } from './backoff';
export { ClockKeeper, CLOCK_KEY } from './clock';
