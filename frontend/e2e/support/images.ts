import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of 8-bit RGB rows, each row given without its filter byte. */
function rgbPng(width: number, height: number, rowAt: (y: number) => Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const pixels = Buffer.concat(
    Array.from({ length: height }, (_, y) => Buffer.concat([Buffer.from([0]), rowAt(y)])),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small, valid PNG: a square of one colour, `size` pixels wide. */
export function squarePng(rgb: [number, number, number], size = 48): Buffer {
  const row = Buffer.alloc(size * 3, Buffer.from(rgb));
  return rgbPng(size, size, () => row);
}

/**
 * A large photo as a phone makes one: `width` × `height` pixels of which every `noiseEvery`th row
 * is random (what no compression can shrink) and the others a warm colour. 4000 × 3000 with
 * every 6th row random is just over 6 MB.
 */
export function noisyPng(width: number, height: number, noiseEvery: number): Buffer {
  const plain = Buffer.alloc(width * 3, Buffer.from([214, 160, 110]));
  return rgbPng(width, height, (y) => (y % noiseEvery === 0 ? randomBytes(width * 3) : plain));
}
