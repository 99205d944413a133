import { describe, expect, it } from 'vitest';
import { AppError, badRequest, forbidden, notFound, whenMissing } from './errors';

describe('whenMissing', () => {
  it('answers with the caller’s error only when the work found nothing', async () => {
    const missing = whenMissing(Promise.reject(notFound('Request not found.')), () => badRequest('The source is gone.'));
    await expect(missing).rejects.toMatchObject({ status: 400, message: 'The source is gone.' });
    await expect(whenMissing(Promise.resolve(7), () => badRequest('unused'))).resolves.toBe(7);
  });

  it('lets every other failure through unchanged', async () => {
    const dbFault = Object.assign(new Error('relation "request_viewers" does not exist'), { code: '42P01' });
    await expect(whenMissing(Promise.reject(dbFault), () => notFound())).rejects.toBe(dbFault);
    const refused = forbidden();
    await expect(whenMissing(Promise.reject(refused), () => notFound())).rejects.toBe(refused);
    await expect(whenMissing(Promise.reject(new AppError(409, 'conflict', 'x')), () => notFound())).rejects.toMatchObject({ status: 409 });
  });
});
