import { PLAIN_TEXT_MIGRATION } from '../plain-text-migration';

/**
 * Migration 18. Plain-text names, issue 29 #8: names and labels stored before they were checked lose the
 * characters a name refuses, so that reading them back through the schemas works.
 */
export default PLAIN_TEXT_MIGRATION;
