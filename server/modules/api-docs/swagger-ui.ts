import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { DOCS_ASSETS } from '#shared-domain/contracts/api-docs.contract.ts';

type Asset = { type: string; body: string };

/** Swagger UI's standalone files from node_modules (swagger-ui-dist), read once at boot. */
export function docsAssets(): Record<(typeof DOCS_ASSETS)[number], Asset> {
  const dist = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const file = (name: string) => readFileSync(join(dist, name), 'utf8');
  return {
    'swagger-ui.css': { type: 'text/css; charset=utf-8', body: file('swagger-ui.css') },
    'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: file('swagger-ui-bundle.js') },
    'docs-init.js': { type: 'text/javascript; charset=utf-8', body: INIT_SCRIPT },
  };
}

// A file, not an inline script: the CSP allows scripts from 'self' only. No validator badge (it would call a host
// outside this server); "Try it out" calls this same origin with the reader's cookies.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    validatorUrl: null,
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Monitoring portal API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs-init.js"></script>
</body>
</html>
`;
