/**
 * The address `npm start` prints (services/web/address.ts, issue 38 item 8): a loopback server is
 * announced as http://localhost:PORT, because WebAuthn refuses an IP address as its relying party;
 * test/web/accounts.test.ts runs a passkey ceremony on the printed address.
 */
import { describe, expect, it } from 'vitest';
import { pageAddress } from '../../services/web/address.js';

describe('the page address npm start prints', () => {
  it('is http://localhost:PORT on loopback, the host itself elsewhere', () => {
    for (const host of ['127.0.0.1', '::1', 'localhost', '0.0.0.0']) expect(pageAddress(host, 3000)).toBe('http://localhost:3000');
    expect(pageAddress('parlor.example', 8080)).toBe('http://parlor.example:8080');
    expect(pageAddress('192.168.1.20', 3000)).toBe('http://192.168.1.20:3000');
    expect(pageAddress('fe80::1', 3000)).toBe('http://[fe80::1]:3000');
  });
});
