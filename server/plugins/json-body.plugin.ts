import { globalPlugin } from '../lib/global-plugin.ts';

/**
 * The SPA labels every call JSON (product.md §7), body-less DELETEs included, and Fastify's default parser refuses an
 * empty body that claims to be JSON. For DELETE only, an empty body is no body; everything else parses exactly as
 * before (malformed JSON is still a 400).
 */
export default globalPlugin('json-body', async (app) => {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && body === '') return done(null, undefined);
    return json(request, body as string, done);
  });
});
