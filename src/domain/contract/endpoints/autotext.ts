/**
 * Autotext snippets, for every signed-in user: who may change which is decided by the server's service
 * (src/domain/autotext-access.ts), not by a rule here.
 */
import { endpoint } from '../endpoint';
import { messageResponseSchema } from '../auth';
import {
  autotextAnswerSchema,
  autotextDepartmentsSchema,
  autotextImportResultSchema,
  autotextImportSchema,
  autotextInputSchema,
  autotextListQuerySchema,
  autotextPageSchema,
  autotextUpdateSchema,
  autotextUsableSchema,
} from '../autotext';
import { idParamSchema } from '../primitives';

export const autotextEndpoints = {
  autotextList: endpoint({ method: 'GET', path: '/api/autotext', query: autotextListQuerySchema, response: autotextPageSchema }),
  autotextCreate: endpoint({
    method: 'POST',
    path: '/api/autotext',
    body: autotextInputSchema,
    response: autotextAnswerSchema,
    status: 201,
  }),
  autotextUsable: endpoint({ method: 'GET', path: '/api/autotext/usable', response: autotextUsableSchema }),
  autotextDepartments: endpoint({ method: 'GET', path: '/api/autotext/departments', response: autotextDepartmentsSchema }),
  autotextImport: endpoint({
    method: 'POST',
    path: '/api/autotext/import',
    body: autotextImportSchema,
    response: autotextImportResultSchema,
  }),
  autotextGet: endpoint({ method: 'GET', path: '/api/autotext/:id', params: idParamSchema, response: autotextAnswerSchema }),
  autotextUpdate: endpoint({
    method: 'PUT',
    path: '/api/autotext/:id',
    params: idParamSchema,
    body: autotextUpdateSchema,
    response: autotextAnswerSchema,
  }),
  autotextDelete: endpoint({ method: 'DELETE', path: '/api/autotext/:id', params: idParamSchema, response: messageResponseSchema }),
};
