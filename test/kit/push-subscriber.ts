/**
 * A browser's side of Web Push, in the test: its subscription keys (an ECDH P-256 pair and a
 * 16-byte auth secret) and the decryption of what the push service received, written from
 * RFC 8291 §3–4 and RFC 8188 §2 with node:crypto alone (not with the library that encrypts).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { importJWK, jwtVerify } from 'jose';

export function pushSubscriber() {
  const ua = createECDH('prime256v1');
  ua.generateKeys();
  const auth = randomBytes(16);
  return {
    p256dh: ua.getPublicKey('base64url'),
    auth: auth.toString('base64url'),
    /** The plaintext of an aes128gcm body (one record), or a throw if it was not encrypted for these keys. */
    decrypt(body: Buffer): string {
      // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id (the sender's public key).
      const salt = body.subarray(0, 16);
      const idlen = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      // RFC 8291 §3.3–3.4: IKM from the ECDH secret, keyed by the auth secret and both public keys.
      const ecdhSecret = ua.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
      // RFC 8188 §2.2–2.3: the content key and nonce from the salt.
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding (RFC 8188 §2).
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not the last record');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks a request's VAPID Authorization header (RFC 8292): an ES256 JWT under the server's public key, for the push service's origin. */
export async function verifyVapid(authorization: string | undefined, publicKey: string, endpoint: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${authorization}`);
  if (m[2] !== publicKey) throw new Error('another key');
  const point = Buffer.from(publicKey, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(m[1]!, key, { audience: new URL(endpoint).origin });
  return payload;
}
