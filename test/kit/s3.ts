/**
 * A loopback S3 for tests: a real HTTP server on 127.0.0.1 that keeps objects in memory and
 * answers PutObject and GetObject (path-style: /<bucket>/<key>) well enough for
 * @aws-sdk/client-s3, so a handler's uploads can be read back through the same SDK. No other
 * operation: anything else is a 501, which fails the test that needed it. Bodies sent
 * `aws-chunked` (the SDK's streaming uploads with a trailing checksum) are decoded.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackS3 {
  endpoint: string;
  /** "<bucket>/<key>" → body. */
  objects: Map<string, Buffer>;
  close(): Promise<void>;
}

/** The payload of an aws-chunked body: `<hex size>[;…]\r\n<bytes>\r\n` … `0\r\n<trailers>\r\n\r\n`. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) throw new Error('aws-chunked body without a final chunk');
    const size = Number.parseInt(body.subarray(at, eol).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked body with a bad chunk size');
    if (size === 0) return Buffer.concat(parts);
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

const error = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function loopbackS3(): Promise<LoopbackS3> {
  const objects = new Map<string, Buffer>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://s3');
    const path = decodeURIComponent(url.pathname.slice(1));
    const hasKey = path.includes('/') && !path.endsWith('/');
    // The SDK names the operation in the query (x-id=PutObject); any other parameter is another operation.
    const plain = (op: string) => [...url.searchParams.keys()].every((k) => k === 'x-id') && (url.searchParams.get('x-id') ?? op) === op;
    try {
      if (req.method === 'PUT' && hasKey && plain('PutObject')) {
        const raw = await read(req);
        const body = String(req.headers['content-encoding'] ?? '').includes('aws-chunked') ? unchunk(raw) : raw;
        const declared = req.headers['x-amz-decoded-content-length'];
        if (declared !== undefined && Number(declared) !== body.length) throw new Error(`decoded ${body.length} bytes, declared ${declared}`);
        objects.set(path, body);
        res.writeHead(200, { ETag: `"${objects.size}"` }).end();
      } else if (req.method === 'GET' && hasKey && plain('GetObject')) {
        const body = objects.get(path);
        if (!body) res.writeHead(404, { 'Content-Type': 'application/xml' }).end(error('NoSuchKey', 'The specified key does not exist.'));
        else res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': body.length, ETag: '"1"' }).end(body);
      } else {
        await read(req);
        res.writeHead(501, { 'Content-Type': 'application/xml' }).end(error('NotImplemented', `${req.method} ${req.url} is not part of the loopback S3`));
      }
    } catch (e) {
      res.writeHead(400, { 'Content-Type': 'application/xml' }).end(error('BadRequest', (e as Error).message));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
