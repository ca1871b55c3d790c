/**
 * The public settings the SPA needs at run time (GET /api/config, and inlined by the server into every page it
 * sends), so that one build serves every region and deployment. The shape is the contract's
 * (shared-domain/contracts/site.contract.ts), taken as types only so the SPA never loads zod.
 */
export type { CaptchaConfig, PublicConfig } from './contracts/site.contract.ts';
