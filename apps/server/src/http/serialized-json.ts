import type { FastifyReply } from 'fastify';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends a body that is JSON already (an answer kept serialized because it is read again and
 * again). With a JSON content type Fastify sends a string as it is, with no serializer and no
 * response-schema check; a typed reply only takes the schema's object, hence the plain one.
 */
export function sendSerializedJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(body);
}
