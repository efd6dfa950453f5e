import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * An HTTP request with full control of the body: `chunks` are written one by one (chunked encoding
 * unless a content-length header is given); with `stopAfterFirstChunk`, the rest is never sent, so a
 * server that answers anyway must have decided on the headers alone.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[]; stopAfterFirstChunk?: boolean },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      // The server may close the connection after answering a refused upload.
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    const chunks = options.chunks ?? [];
    if (options.stopAfterFirstChunk) {
      if (chunks[0]) req.write(chunks[0]);
      return;
    }
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

export function multipart(boundary: string, fileBytes: number): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="folder"\r\n\r\nprofile\r\n`),
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`),
    Buffer.alloc(fileBytes, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}
