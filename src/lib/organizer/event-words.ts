// The words of event types live with the languages (src/lib/i18n/event-words.ts): the tablet's
// list of refused events says them too (issue 30 #2).
export { actionDetails, eventTypeWords } from '$lib/i18n/event-words';
