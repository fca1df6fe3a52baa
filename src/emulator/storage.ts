/**
 * Image storage (`--storage-port`, `Emulator.layer({ storageBaseUrl })`): like the service, images
 * sent as base64 data URLs (profile images of users and teams, project logos) are stored and the
 * records keep a URL of the storage instead, `{storage}/stack-storage/{folder}/{uuid}.{ext}`, which
 * this module serves. Without a storage the data URL itself is kept. Images live in memory only.
 */
import * as Ids from "./ids.ts"

/** Where the service files each kind of image. */
export type StorageFolder = "user-profile-images" | "team-profile-images" | "project-logos"

/** The storage's state and behaviour; one per emulator. */
export interface ImageStorage {
  readonly baseUrl: string
  /** Stores a base64 data URL; returns its storage URL, or the value unchanged if it is not one. */
  readonly store: (folder: StorageFolder, value: string) => string
  readonly answer: (request: Request) => Response
}

const dataUrl = /^data:(image\/([a-z0-9.+-]+));base64,([A-Za-z0-9+/=\s]+)$/i

/** File extensions of the image types, as the service names its files. */
const extension = (subtype: string): string => {
  const lower = subtype.toLowerCase()
  if (lower === "jpeg") return "jpg"
  if (lower === "svg+xml") return "svg"
  return lower.replace(/[^a-z0-9]/g, "")
}

/** Creates an empty storage at `baseUrl`. */
export const makeImageStorage = (baseUrl: string): ImageStorage => {
  const root = baseUrl.replace(/\/+$/, "")
  const files = new Map<string, { readonly bytes: Uint8Array<ArrayBuffer>; readonly contentType: string }>()
  return {
    baseUrl: root,
    store: (folder, value) => {
      const match = dataUrl.exec(value)
      if (match === null) return value
      const path = `/stack-storage/${folder}/${Ids.uuid()}.${extension(match[2] ?? "")}`
      files.set(path, { bytes: Uint8Array.from(Buffer.from((match[3] ?? "").replace(/\s/g, ""), "base64")), contentType: match[1] ?? "image/*" })
      return `${root}${path}`
    },
    answer: (request) => {
      const file = files.get(new URL(request.url).pathname)
      if (request.method !== "GET" || file === undefined) return new Response("Not found", { status: 404 })
      return new Response(file.bytes, { status: 200, headers: { "content-type": file.contentType, "cache-control": "public, max-age=31536000, immutable" } })
    }
  }
}

/** `value` as the service keeps it: stored when a storage is configured and it is a data URL. */
export const storedImage = <V extends string | null | undefined>(storage: ImageStorage | undefined, folder: StorageFolder, value: V): V | string =>
  storage === undefined || value === null || value === undefined ? value : storage.store(folder, value)
