/** API errors: `{error: {code, message, fields?}}` with a proper status (ARCHITECTURE.md#contracts). */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const ruleBroken = (message: string, fields?: Record<string, string>) => new AppError(422, 'rule_broken', message, fields);
export const tooMany = (message: string) => new AppError(429, 'too_many_requests', message);

export const isNotFound = (err: unknown): boolean => err instanceof AppError && err.status === 404;

/**
 * Gives the caller's answer only when `work` found nothing (a 404); any other failure (a database
 * or disk error) propagates to the error handler, which logs it with the request id.
 */
export async function whenMissing<T>(work: Promise<T>, answer: () => AppError): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isNotFound(err)) throw answer();
    throw err;
  }
}
