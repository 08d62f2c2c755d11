/**
 * Settings that inherit (issue 25), the administration's editor of one level.
 * - <InheritedSettingsSection scope id />: every setting the level may hold, with its effective value,
 *   its source, a control to set or clear it here, and a lock.
 */
export { InheritedSettingsSection } from './inherited-settings-section';
