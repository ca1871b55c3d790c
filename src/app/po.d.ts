declare module '*.po' {
  export const messages: Record<string, unknown>;
}

/** A catalog's messages used by the landing page only (scripts/first-screen-catalog.ts). */
declare module '*.po?first-screen' {
  export const messages: Record<string, unknown>;
}
