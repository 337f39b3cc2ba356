/**
 * A request held in flight by ordering, not timing: its headers are sent and its body is held
 * back after the first byte, so the server has taken it (its onRequest hooks ran) and waits for
 * the rest until `finish`. The answer is the raw HTTP text, read when the connection closes.
 */
import { connect, type Socket } from 'node:net';

export async function heldRequest(url: string, method: 'POST' | 'GET', path: string, body: string): Promise<{ socket: Socket; answer: Promise<string>; finish(): void }> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (c: Buffer) => (text += c));
    socket.on('close', () => resolve(text));
  });
  socket.write(`${method} ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body[0]}`);
  return { socket, answer, finish: () => void socket.write(body.slice(1)) };
}
