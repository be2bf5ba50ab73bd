import { createHash } from 'node:crypto'
import { access, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'

// ---------------------------------------------------------------- images: tiny generated PNGs
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length)
  return out
}

/** A 64x64 PNG: the category's colour with a lighter band, different per image number. */
export const productPng = (hue: number, n: number) => {
  const size = 64
  const [r, g, b] = [
    Math.round(128 + 100 * Math.sin(hue)),
    Math.round(128 + 100 * Math.sin(hue + 2.1)),
    Math.round(128 + 100 * Math.sin(hue + 4.2)),
  ]
  const raw = Buffer.alloc(size * (1 + size * 3))
  for (let y = 0; y < size; y++) {
    raw[y * (1 + size * 3)] = 0
    for (let x = 0; x < size; x++) {
      const band = Math.abs(x - y - n * 12) < 10 || (x - 32) ** 2 + (y - 32) ** 2 < 90
      const o = y * (1 + size * 3) + 1 + x * 3
      raw[o] = band ? 255 : r
      raw[o + 1] = band ? 250 : g
      raw[o + 2] = band ? 240 : b
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** Writes the bytes under FILES_DIR by a key derived from the name (a re-seed rewrites nothing). */
export const storeImage = async (filesDir: string, name: string, bytes: Buffer) => {
  const key = createHash('sha256').update(`seed:${name}`).digest('hex').slice(0, 32)
  const target = path.join(filesDir, key.slice(0, 2), key)
  const present = await access(target).then(
    () => true,
    () => false,
  )
  if (!present) {
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, bytes)
  }
  return { key, sha256: createHash('sha256').update(bytes).digest('hex') }
}
