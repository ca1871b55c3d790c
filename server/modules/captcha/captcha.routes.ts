import type { FastifyInstance } from 'fastify';
import { appError } from '#server/errors.ts';
import { routeOf, type ZodTypeProvider } from '#server/lib/zod-type-provider.ts';
import * as contract from '#shared-domain/contracts/site.contract.ts';
import { captchaChallenge } from './captcha.service.ts';

export default async function captchaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  // The ALTCHA widget fetches this URL and expects the bare challenge object, not the API's success envelope.
  app.route({
    ...routeOf(contract.captchaChallenge),
    handler: async (_request, reply) => {
      const challenge = await captchaChallenge(config.captcha, Date.now());
      if (!challenge) throw appError('NotFound');
      return reply.header('cache-control', 'no-store').send(challenge);
    },
  });
}
