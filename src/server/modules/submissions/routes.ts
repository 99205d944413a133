import { z } from 'zod';
import { duplicateSourceResponse, IDEMPOTENCY_HEADER, requestIdParams, submissionResponse } from '../../../shared/api/submission';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { badRequest } from '../../platform/errors';
import { refuseNul } from '../../platform/nul-guard';
import { refuseDeepJson } from '../../platform/json-depth';
import { duplicateSource, findSubmissionByKey } from './queries';
import { churchConfig } from '../../platform/church-config';
import { submitRequest } from './service';
import { readSubmissionUpload } from './upload';
import { submissionPolicy } from './policy';

const requester = { minRole: 'requester' } as const;
const KEY_MESSAGE = 'An Idempotency-Key header (a UUID) is required.';

export async function submissionRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/requests/:id/duplicate-source',
    {
      config: { policy: { ...requester, rule: submissionPolicy.duplicate } },
      schema: { params: requestIdParams, response: { 200: duplicateSourceResponse } },
    },
    async (request) => duplicateSource(ctx.db, request.user!, request.params.id, await churchConfig(ctx)),
  );

  app.post(
    '/api/requests',
    {
      config: { policy: { ...requester, rule: submissionPolicy.submitOnBehalf } },
      schema: { response: { 200: submissionResponse, 201: submissionResponse } },
    },
    async (request, reply) => {
      const key = z.uuid().safeParse(request.headers[IDEMPOTENCY_HEADER]);
      if (!key.success) throw badRequest(KEY_MESSAGE, { [IDEMPOTENCY_HEADER]: KEY_MESSAGE });
      const user = request.user!;
      // A retry of a submission that already went through answers with the first request.
      const replay = await findSubmissionByKey(ctx.db, key.data, user.id);
      if (replay) return reply.status(200).send({ id: replay });

      const upload = await readSubmissionUpload(request);
      // The form's fields travel as JSON inside the multipart body, out of the app-wide checks' reach.
      if (upload.requestJson !== null) refuseDeepJson(upload.requestJson);
      const raw = parseJson(upload.requestJson);
      refuseNul(raw);
      const result = await submitRequest(ctx, {
        user,
        raw,
        files: upload.files,
        idempotencyKey: key.data,
      });
      return reply.status(result.created ? 201 : 200).send({ id: result.id });
    },
  );
}

/** The `request` field's JSON; anything unreadable becomes null and is refused by the command. */
function parseJson(json: string | null): unknown {
  try {
    return json === null ? null : JSON.parse(json);
  } catch {
    return null;
  }
}
