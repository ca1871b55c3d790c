import type { ModelEvent } from '../../tests/support/model-graph.ts';

/** Model cases shared by the headless test and the test through the view. */
export const SEARCH =
  'scope=alexa%3Awrite%20person%3Aread&application_name=Care%20App&client_id=care-client' +
  '&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1&response_type=code' +
  '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&tracking_id=track-7';

/** Continue, in the spec's order of parameters (written out by hand). */
export const CONTINUE_URL =
  '/api/consent?scope=alexa%3Awrite%20person%3Aread&client_id=care-client&tracking_id=track-7&response_type=code' +
  '&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&application_name=Care%20App&state=xyz%2F1' +
  '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256';

export const DENIAL_URL =
  '/api/logout?error=access_denied&error_description=user%20denied%20authorization%20request&application_name=Care%20App' +
  '&client_id=care-client&redirect_uri=https%3A%2F%2Fclient.example%2Fcallback&state=xyz%2F1';

export const alexaTogetherEvents: ModelEvent[] = [{ type: 'link.continue' }, { type: 'link.cancel' }];
