import type { FastifyInstance } from 'fastify';
import { GenericCode } from '../../../shared-domain/error-codes.ts';
import { AppError } from '../../errors.ts';
import { captchaChallenge } from './captcha.service.ts';

export default async function captchaRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;

  // The ALTCHA widget fetches this URL and expects the bare challenge object, not the API's success envelope.
  app.get('/api/captcha/challenge', async (_request, reply) => {
    const challenge = await captchaChallenge(config.captcha, Date.now());
    if (!challenge) throw new AppError(404, 'NotFound', { code: GenericCode.NOT_FOUND, message: 'Not found' });
    return reply.header('cache-control', 'no-store').send(challenge);
  });
}
