/**
 * The contract of the API (docs/sync.md): every endpoint's request and answer as one zod
 * schema, used by the server routes (src/routes/api, answering through
 * src/lib/server/answer.ts) and by the client (src/lib/sync/client/api.ts). A file per group
 * of endpoints; `API` lists them all.
 */
export * from './access';
export * from './announcements';
export * from './api';
export * from './audit';
export * from './device';
export * from './devices';
export * from './draws';
export * from './endpoint';
export * from './errors';
export * from './files';
export * from './heat-starts';
export * from './judge-events';
export * from './live';
export * from './photos';
export * from './preparation';
export * from './protests';
export * from './publications';
export * from './roster';
export * from './register';
export * from './server';
export * from './setup';
export * from './table-cards';
