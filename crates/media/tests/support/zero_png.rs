//! A PNG whose pixels are all zero, written without ever holding its pixels or its raw data, so a
//! test can build one that declares far more pixels than it could afford to allocate.

/// A valid PNG of `width` x `height` pixels, 16-bit RGBA (8 bytes a pixel), every sample zero.
///
/// The zlib stream is written by hand: one deflate block with its own Huffman codes, in which a
/// literal zero costs 2 bits and a copy of the previous 258 bytes costs 2 bits (length code 285
/// and distance 1, one bit each). 8000x5000 pixels, 320 MB once decoded, pack into about 310 KB.
pub fn zero_rgba16_png(width: u32, height: u32) -> Vec<u8> {
    // Every row is its filter type (0, none) followed by its samples: zero bytes throughout.
    let raw_len = u64::from(height) * (1 + u64::from(width) * 8);

    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    // Bit depth 16, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
    ihdr.extend_from_slice(&[16, 6, 0, 0, 0]);

    let mut png = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    chunk(&mut png, *b"IHDR", &ihdr);
    chunk(&mut png, *b"IDAT", &zlib_of_zeros(raw_len));
    chunk(&mut png, *b"IEND", &[]);
    png
}

/// A zlib stream that inflates to `len` zero bytes (`len` at least 1).
fn zlib_of_zeros(len: u64) -> Vec<u8> {
    // Deflate, 32 KB window, no preset dictionary; 0x7801 is a multiple of 31 as required.
    let mut bits = Bits::default();
    bits.out.extend_from_slice(&[0x78, 0x01]);

    // The last block (1), with dynamic Huffman codes (2).
    bits.put(1, 1);
    bits.put(2, 2);
    // 286 literal/length code lengths, 2 distance code lengths, 18 code length code lengths.
    bits.put(286 - 257, 5);
    bits.put(2 - 1, 5);
    bits.put(18 - 4, 4);
    // The code length alphabet in its transmitted order; only 18 (a run of zeros), 2 and 1 are
    // used: 18 gets the 1-bit code 0, then 1 and 2 the 2-bit codes 10 and 11.
    for symbol in [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1] {
        let length = match symbol {
            18 => 1,
            1 | 2 => 2,
            _ => 0,
        };
        bits.put(length, 3);
    }
    let (length_one, length_two, zero_run) = ((0b10, 2), (0b11, 2), (0b0, 1));
    // Literal/length lengths: symbol 0 (a zero byte) 2, 1..=255 none, 256 (end of block) 2,
    // 257..=284 none, 285 (length 258) 1. Distance lengths: codes 0 (distance 1) and 1 both 1.
    bits.code(length_two);
    bits.code(zero_run);
    bits.put(138 - 11, 7);
    bits.code(zero_run);
    bits.put(117 - 11, 7);
    bits.code(length_two);
    bits.code(zero_run);
    bits.put(28 - 11, 7);
    bits.code(length_one);
    bits.code(length_one);
    bits.code(length_one);
    // So, canonically: 285 is 0, the zero byte 10, end of block 11; distance code 0 is 0.
    let (zero_byte, copy_258, distance_1, end) = ((0b10, 2), (0b0, 1), (0b0, 1), (0b11, 2));

    // One literal zero, then copies of the 258 bytes before, then the zeros left over.
    bits.code(zero_byte);
    let rest = len - 1;
    for _ in 0..rest / 258 {
        bits.code(copy_258);
        bits.code(distance_1);
    }
    for _ in 0..rest % 258 {
        bits.code(zero_byte);
    }
    bits.code(end);
    bits.flush();

    // Adler-32 of zeros: the byte sum stays 0 (a = 1), the sum of sums grows by 1 a byte.
    let adler = ((len % 65_521) << 16) | 1;
    bits.out
        .extend_from_slice(&u32::try_from(adler).unwrap_or_default().to_be_bytes());
    bits.out
}

/// A deflate bit stream: fields go in least significant bit first, Huffman codes most
/// significant bit first.
#[derive(Default)]
struct Bits {
    out: Vec<u8>,
    pending: u32,
    count: u32,
}

impl Bits {
    fn put(&mut self, value: u32, width: u32) {
        self.pending |= value << self.count;
        self.count += width;
        while self.count >= 8 {
            self.out.push(self.pending.to_le_bytes()[0]);
            self.pending >>= 8;
            self.count -= 8;
        }
    }

    fn code(&mut self, (code, width): (u32, u32)) {
        self.put(code.reverse_bits() >> (32 - width), width);
    }

    fn flush(&mut self) {
        if self.count > 0 {
            self.out.push(self.pending.to_le_bytes()[0]);
        }
        self.pending = 0;
        self.count = 0;
    }
}

/// Appends one chunk: length, type, data, CRC-32 of type and data.
fn chunk(png: &mut Vec<u8>, kind: [u8; 4], data: &[u8]) {
    png.extend_from_slice(&u32::try_from(data.len()).unwrap_or(u32::MAX).to_be_bytes());
    png.extend_from_slice(&kind);
    png.extend_from_slice(data);
    let mut crc = u32::MAX;
    for &byte in kind.iter().chain(data) {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    png.extend_from_slice(&(!crc).to_be_bytes());
}
