import { createContext } from 'svelte';
import type { OrganizerSession } from './organizer-session.svelte';

/** The organizer's session, set by the /organizer layout for its routes (./organizer-session.svelte.ts). */
export const [getOrganizerSession, setOrganizerSession] = createContext<OrganizerSession>();
