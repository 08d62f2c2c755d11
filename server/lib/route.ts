import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import type { AnswerInputOf, BodyOf, EndpointDef, ParamsOf, QueryOf } from '../../src/domain/contract/endpoint';

/** The request a handler of `E` receives: params, query and body already checked against E's schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** A handler answers E's success shape, or sends another answer itself through `reply`. */
export type EndpointHandler<E extends EndpointDef> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerInputOf<E> | FastifyReply> | AnswerInputOf<E> | FastifyReply;

/** What a route adds to its table entry: a rate limit, a body limit, a flag only the server knows. */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preValidation' | 'preHandler'> & {
  config?: FastifyContextConfig;
};

function schemaOf(e: EndpointDef): FastifySchema {
  const schema: FastifySchema = {};
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  if (e.response || e.otherAnswers) schema.response = { ...(e.response ? { [e.status ?? 200]: e.response } : {}), ...e.otherAnswers };
  return schema;
}

/**
 * Registers the endpoint `e` of the table (src/domain/contract/endpoints.ts): its method, address,
 * schemas, rule, authentication and idempotency come from the entry, so the server cannot drift from
 * what the client calls.
 */
export function route<const E extends EndpointDef>(
  app: FastifyInstance,
  e: E,
  handler: EndpointHandler<E>,
  extras: RouteExtras = {},
): void {
  const { config, ...options } = extras;
  app.route({
    method: e.method,
    url: e.path,
    schema: schemaOf(e),
    config: {
      ...(e.rule ? { rule: e.rule } : {}),
      ...(e.auth ? { auth: e.auth } : {}),
      ...(e.beforePasswordChange ? { beforePasswordChange: true } : {}),
      ...(e.authCache ? { authCache: true } : {}),
      ...(e.idempotent ? { idempotent: true } : {}),
      ...config,
    },
    ...options,
    handler: (req, reply) => {
      // The entry's success status (201 …); an error thrown by the handler still answers its own.
      if (e.status) reply.status(e.status);
      // The schemas above checked what the handler's types say (fastify-type-provider-zod's compilers).
      return (handler as unknown as (req: FastifyRequest, reply: FastifyReply) => unknown)(req, reply);
    },
  });
}
