/**
 * The knowledge base (issue 25): every signed-in user reads the global articles and their trust's; a
 * SuperAdmin writes the global ones (and any trust's), a TrustAdmin their own trust's
 * (RULES.knowledgeBaseEdit; the service scopes each article, another trust's answering 404).
 */
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../primitives';
import {
  knowledgeArticleAnswerSchema,
  knowledgeArticleInputSchema,
  knowledgeArticlePatchSchema,
  knowledgeDeletedAnswerSchema,
  knowledgeListAnswerSchema,
  knowledgeListQuerySchema,
} from '../knowledge-base';

export const knowledgeBaseEndpoints = {
  knowledgeBaseList: endpoint({
    method: 'GET',
    path: '/api/knowledge-base',
    query: knowledgeListQuerySchema,
    response: knowledgeListAnswerSchema,
  }),
  knowledgeBaseArticle: endpoint({
    method: 'GET',
    path: '/api/knowledge-base/:id',
    params: idParamSchema,
    response: knowledgeArticleAnswerSchema,
  }),
  knowledgeBaseCreate: endpoint({
    method: 'POST',
    path: '/api/knowledge-base',
    rule: RULES.knowledgeBaseEdit,
    body: knowledgeArticleInputSchema,
    response: knowledgeArticleAnswerSchema,
    status: 201,
  }),
  knowledgeBaseUpdate: endpoint({
    method: 'PATCH',
    path: '/api/knowledge-base/:id',
    rule: RULES.knowledgeBaseEdit,
    params: idParamSchema,
    body: knowledgeArticlePatchSchema,
    response: knowledgeArticleAnswerSchema,
  }),
  knowledgeBaseDelete: endpoint({
    method: 'DELETE',
    path: '/api/knowledge-base/:id',
    rule: RULES.knowledgeBaseEdit,
    params: idParamSchema,
    response: knowledgeDeletedAnswerSchema,
  }),
};
