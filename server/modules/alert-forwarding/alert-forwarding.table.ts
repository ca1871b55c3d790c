/**
 * The alert forwarding configuration of one credential (product.md §3 "Alert forwarding config"): where alerts go, the
 * customer's public key they are encrypted to, and the portal's own keys. The portal's private key and the AES key
 * are needed to send alerts, so they cannot be hashed: they are sealed (key-sealing.ts) and never stored in clear.
 */
export interface AlertForwardingConfigsTable {
  /** oauth_clients.id; one configuration per credential, removed with it. */
  client_id: string;
  /** https webhook that receives each alert as an HTTP POST. */
  url: string;
  /** The customer's 2048-bit RSA public key, SPKI PEM as node:crypto re-exports it (so equal keys compare equal). */
  group_public_key: string;
  /** SPKI PEM of the portal's RSA key pair for this credential; its private half signs every alert. */
  portal_public_key: string;
  /** Sealed PKCS#8 DER of the portal's private key. */
  portal_private_key_sealed: string;
  /** Sealed 32-byte AES key the customer was shown once. */
  aes_key_sealed: string;
  created_at: number;
  updated_at: number;
  /** When the current portal keys and AES key were issued (setup or Acquire New Keys). */
  keys_issued_at: number;
}
