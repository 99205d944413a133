import {
  answerBody,
  answerParams,
  answerResponse,
  availabilityQuery,
  availabilityResponse,
  blockoutBody,
  blockoutListResponse,
  blockoutParams,
  linkAnswerBody,
  linkQuery,
  linkResponse,
  personParams,
  scheduleAssignBody,
  scheduleQuery,
  scheduleResponse,
  scheduleTaskSchema,
} from '../../../shared/api/people';
import { todayIn } from '../../../shared/domain/dates';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { answerAssignment, answerByLink, readLink } from './answers';
import { peoplePolicy } from './policy';
import { addBlockout, assignFromSchedule, availability, listBlockouts, removeBlockout, schedule } from './service';

/**
 * People on Sundays (guide/sunday-planning.md#answering-an-assignment, #blockout-dates,
 * #replacements, #the-schedule): answers in the app and through the e-mail's signed link, each
 * person's blockouts, a picker's availability, and the schedule.
 */
export async function peopleRoutes(app: ZApp, ctx: AppContext) {
  const answers = { minRole: 'creative', rule: peoplePolicy.answer } as const;
  const own = { minRole: 'creative', rule: peoplePolicy.ownBlockouts } as const;
  const planners = { minRole: 'coordinator', rule: peoplePolicy.schedule } as const;

  app.post(
    '/api/assignments/:kind/:id/response',
    { config: { policy: answers }, schema: { params: answerParams, body: answerBody, response: { 200: answerResponse } } },
    (request) =>
      answerAssignment(ctx, request.user!.id, request.params.kind, request.params.id, request.body.response, request.body.reason),
  );

  /**
   * The signed link of an assignment e-mail: the GET only says what it is about (mail scanners
   * open links); the answer is the POST its page sends. The token is the whole authority.
   */
  app.get(
    '/api/assignment-links',
    { config: { policy: { public: true } }, schema: { querystring: linkQuery, response: { 200: linkResponse } } },
    (request) => readLink(ctx, request.query.token),
  );
  app.post(
    '/api/assignment-links',
    { config: { policy: { public: true } }, schema: { body: linkAnswerBody, response: { 200: answerResponse } } },
    (request) => answerByLink(ctx, request.body.token, request.body.response, request.body.reason),
  );

  app.get('/api/account/blockouts', { config: { policy: own }, schema: { response: { 200: blockoutListResponse } } }, (request) =>
    listBlockouts(ctx.db, request.user!.id, todayIn(ctx.config.churchTimeZone)),
  );
  app.post(
    '/api/account/blockouts',
    { config: { policy: own }, schema: { body: blockoutBody, response: { 200: blockoutListResponse } } },
    (request) => addBlockout(ctx, request.user!.id, request.body),
  );
  app.delete(
    '/api/account/blockouts/:id',
    { config: { policy: own }, schema: { params: blockoutParams, response: { 200: blockoutListResponse } } },
    (request) => removeBlockout(ctx, request.user!.id, request.params.id),
  );
  app.get(
    '/api/people/:id/blockouts',
    {
      config: { policy: { minRole: 'coordinator', rule: peoplePolicy.readBlockouts } },
      schema: { params: personParams, response: { 200: blockoutListResponse } },
    },
    (request) => listBlockouts(ctx.db, request.params.id, todayIn(ctx.config.churchTimeZone)),
  );

  app.get(
    '/api/availability',
    { config: { policy: planners }, schema: { querystring: availabilityQuery, response: { 200: availabilityResponse } } },
    (request) => availability(ctx.db, request.query.date),
  );

  app.get(
    '/api/schedule',
    { config: { policy: planners }, schema: { querystring: scheduleQuery, response: { 200: scheduleResponse } } },
    (request) => schedule(ctx.db, ctx.config.churchTimeZone, request.query.from, request.query.weeks),
  );
  app.put(
    '/api/schedule/assignments',
    { config: { policy: planners }, schema: { body: scheduleAssignBody, response: { 200: scheduleTaskSchema } } },
    (request) => assignFromSchedule(ctx, request.user!, request.body),
  );
}
