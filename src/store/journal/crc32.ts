/**
 * CRC-32 (IEEE 802.3, the zlib/PNG polynomial) of bytes: the checksum of each journal record.
 * @module
 */

const TABLE = /* @__PURE__ */ (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * The CRC-32 of `bytes` as an unsigned 32-bit number (`crc32(utf8('123456789')) === 0xcbf43926`).
 * Pass the CRC of the bytes before as `previous` to go on: `crc32(b, crc32(a))` is the CRC of `a` then `b`.
 */
export function crc32(bytes: Uint8Array, previous = 0): number {
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = 0; i < bytes.length; i++) crc = TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
