// Query parameters that carry credentials: mailed tokens (verification_token, reset_token, invitation_token), OAuth
// codes and secrets. A request log must not become a way to take over accounts.
const SECRET_PARAM = /(token|code|secret|verifier)$/i;

/** The request URL as it may appear in logs: secret-looking query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(decodeName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
