/** Signatures of ALTCHA challenges already redeemed, kept until the challenge would have expired anyway. */
export interface CaptchaUsedTable {
  signature: string;
  expires_at: number;
}
