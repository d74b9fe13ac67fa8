import { createContext } from 'svelte';
import type { DeviceSession } from './device-session.svelte';

/**
 * The device session of the app (./device-session.svelte.ts): the root layout sets it, every
 * screen and component below gets it with `getDeviceSession()` during its initialisation.
 */
export const [getDeviceSession, setDeviceSession] = createContext<DeviceSession>();
