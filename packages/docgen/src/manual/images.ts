/** A decoded figure: bytes, kind and pixel size. */
export interface DecodedImage {
  data: Buffer;
  ext: 'png' | 'jpeg';
  width: number;
  height: number;
}

/** Decodes a PNG or JPEG given as bytes, base64 or a data: URL; undefined when neither. */
export function decodeImage(input: Uint8Array | string): DecodedImage | undefined {
  let data: Buffer;
  if (typeof input === 'string') {
    const b64 = input.startsWith('data:') ? input.slice(input.indexOf(',') + 1) : input;
    data = Buffer.from(b64, 'base64');
  } else data = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (data.length > 24 && data.readUInt32BE(0) === 0x89504e47) {
    return { data, ext: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length > 4 && data[0] === 0xff && data[1] === 0xd8) {
    let p = 2;
    while (p + 9 < data.length) {
      if (data[p] !== 0xff) {
        p++;
        continue;
      }
      const marker = data[p + 1];
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { data, ext: 'jpeg', height: data.readUInt16BE(p + 5), width: data.readUInt16BE(p + 7) };
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        p += 2;
        continue;
      }
      p += 2 + data.readUInt16BE(p + 2);
    }
  }
  return undefined;
}
