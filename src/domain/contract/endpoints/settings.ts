/**
 * Settings that inherit trust → site → department → user, with locks (issue 25). Any signed-in user may
 * call them: the service decides per level (a trust's administrators, a site's SiteAdmin, holders of
 * `departments`, a user for their own level), and another trust's level is not found.
 */
import { endpoint } from '../endpoint';
import { levelSettingsAnswerSchema, settingKeyParamsSchema, settingLevelParamsSchema, settingPutSchema } from '../settings';

export const settingsEndpoints = {
  /** The effective settings at a level, each with its source and any lock above. */
  settingsGet: endpoint({
    method: 'GET',
    path: '/api/settings/:scope/:id',
    params: settingLevelParamsSchema,
    response: levelSettingsAnswerSchema,
  }),
  /** Sets a value at the level, locked or not; answers the level as it now is. */
  settingPut: endpoint({
    method: 'PUT',
    path: '/api/settings/:scope/:id/:key',
    params: settingKeyParamsSchema,
    body: settingPutSchema,
    response: levelSettingsAnswerSchema,
  }),
  /** Clears the level's value (and its lock): the level follows the one above again. */
  settingDelete: endpoint({
    method: 'DELETE',
    path: '/api/settings/:scope/:id/:key',
    params: settingKeyParamsSchema,
    response: levelSettingsAnswerSchema,
  }),
};
