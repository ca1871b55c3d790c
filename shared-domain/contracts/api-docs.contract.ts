import { z } from 'zod';
import { defineRoute } from './contract.ts';

// The API's own reference (docs/api/errors.md links here): the document, and a page to browse it offline.

export const openApi = defineRoute({
  method: 'GET',
  url: '/api/openapi.json',
  summary: 'This document: OpenAPI 3.1, generated from the route contracts',
  tags: ['Reference'],
  response: { 200: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }) },
  errors: [],
});

export const docsPage = defineRoute({
  method: 'GET',
  url: '/api/docs',
  summary: 'The reference, browsable (Swagger UI served from this server, no CDN)',
  tags: ['Reference'],
  response: {},
  otherAnswers: { 200: { description: 'The page', contentType: 'text/html' } },
  errors: [],
  hidden: true,
});

/** The few files the page loads: Swagger UI's bundle and stylesheet, and the script that points it at the document. */
export const DOCS_ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'docs-init.js'] as const;

export const docsAsset = defineRoute({
  method: 'GET',
  url: '/api/docs/:asset',
  summary: 'A file of the reference page',
  tags: ['Reference'],
  params: z.strictObject({ asset: z.enum(DOCS_ASSETS) }),
  response: {},
  otherAnswers: { 200: { description: 'The file' } },
  errors: [],
  hidden: true,
});
