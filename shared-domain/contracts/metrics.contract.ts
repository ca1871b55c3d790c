import { defineRoute } from './contract.ts';

/** The operator's Prometheus scrape (docs/operations.md): off unless METRICS_ENABLED is set. */
export const metrics = defineRoute({
  method: 'GET',
  url: '/metrics',
  summary: 'Prometheus metrics of this instance',
  description:
    'Only when the operator sets METRICS_ENABLED=true; with METRICS_TOKEN set, only with `Authorization: Bearer ' +
    '<token>`. Otherwise this address is not found, like any other unknown one.',
  tags: ['Operations'],
  response: {},
  otherAnswers: { 200: { description: 'Text exposition format 0.0.4', contentType: 'text/plain; version=0.0.4' } },
  errors: ['NotFound'],
});
