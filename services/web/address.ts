/**
 * The address `npm start` prints and links to. A loopback server is announced as
 * http://localhost:PORT, not http://127.0.0.1:PORT: WebAuthn refuses an IP address as its relying
 * party id ("127.0.0.1 is an invalid domain"), while localhost is a domain and a secure context,
 * so passkeys work on the address the README and the banner give. Any other host is printed as is.
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost', '0.0.0.0', '::']);

export function pageAddress(host: string, port: number): string {
  if (LOOPBACK.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
