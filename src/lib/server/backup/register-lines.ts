import { listChanges, listPeople, listRegistrations } from '../register-store';
import type { Store } from '../store';
import { line, type BackupLines } from './backup-line';

/** The register: people (contact data and dates of birth included: a backup is the organizer's), registrations, then the changes to them. */
export function* registerLines(store: Store, eventId: string): BackupLines {
	for (const person of listPeople(store, eventId)) yield line({ kind: 'person', person });
	for (const registration of listRegistrations(store, eventId)) yield line({ kind: 'registration', registration });
	for (const change of listChanges(store, eventId)) yield line({ kind: 'registrationChange', change });
}
