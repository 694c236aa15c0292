import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, BodyError, FieldErrors } from '../errors.ts';

const FASTIFY_CODES: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid-json', detail: 'The body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid-json', detail: 'The body is empty but declared as JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload-too-large', detail: 'The body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported-media-type', detail: 'Unsupported content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad-request', detail: 'Content-Length does not match the body.' },
};

/** Retry-After of a 429 whose limiter does not say when its window ends. */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

const hasBody = (request: FastifyRequest) => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/** The one place where errors become HTTP answers: `{code, detail}` or `{errors: {field: [msg]}, reasons?}`. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  // Error bodies are this handler's shapes: a route's response schema for the same status (e.g. a
  // documented 400) must not reject them and turn every other 400 of that route into a 500.
  void reply.type('application/json; charset=utf-8').serializer((payload: unknown) => JSON.stringify(payload));
  // A body not read to its end (refused before or while it was read, as a chunk past an upload's
  // length): the connection closes after this answer, whether the rest is still on its way or
  // already buffered. Kept open, the paused rest would stand in front of the client's next request
  // on it, which would wait forever.
  if (hasBody(request) && !request.raw.readableEnded) void reply.header('connection', 'close');
  if (error instanceof AppError) {
    // Every 429 says when to come back; a refusal that knows it says exactly.
    if (error.retryAfter !== undefined || error.status === 429) void reply.header('retry-after', String(error.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS));
    void reply.status(error.status).send({ code: error.code, detail: error.detail ?? error.code, ...error.extra });
    return;
  }
  if (error instanceof BodyError) {
    void reply.status(error.status).send(error.body);
    return;
  }
  if (error instanceof FieldErrors) {
    const reasons = Object.keys(error.reasons).length > 0 ? { reasons: error.reasons } : {};
    void reply.status(400).send({ code: 'validation-error', errors: error.errors, ...reasons });
    return;
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
      (errors[field] ??= []).push(issue.message ?? 'Invalid value');
    }
    void reply.status(400).send({ code: 'validation-error', detail: `Invalid ${error.validationContext}.`, errors });
    return;
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) {
    void reply.status(known.status).send({ code: known.code, detail: known.detail });
    return;
  }
  if (!isResponseSerializationError(error) && fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const code = fastifyError.statusCode === 429 ? 'too-many-requests' : 'bad-request';
    if (fastifyError.statusCode === 429 && !reply.hasHeader('retry-after')) void reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
    void reply.status(fastifyError.statusCode).send({ code, detail: fastifyError.message });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.status(500).send({ code: 'internal-error', detail: 'Internal server error.' });
}
