import type { FastifyInstance } from 'fastify';
import { appError } from '../../errors.ts';
import { captchaChallenge } from './captcha.service.ts';

export default async function captchaRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;

  // The ALTCHA widget fetches this URL and expects the bare challenge object, not the API's success envelope.
  app.get('/api/captcha/challenge', async (_request, reply) => {
    const challenge = await captchaChallenge(config.captcha, Date.now());
    if (!challenge) throw appError('NotFound');
    return reply.header('cache-control', 'no-store').send(challenge);
  });
}
