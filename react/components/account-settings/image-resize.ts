/**
 * A picture made small enough to send as a data URL: drawn on a canvas at most `maxSide` pixels on
 * its longer side, whole (no crop: the avatar's circle crops it on screen only), as WebP where the
 * browser encodes it and JPEG otherwise.
 */

/** Longest side of a stored picture, in pixels (four times the largest avatar on screen). */
export const pictureSide = 256

/** Largest file accepted before resizing. */
export const maxPictureFileBytes = 10 * 1024 * 1024

/** Why a picture was refused. */
export type PictureProblem = "not-an-image" | "too-large" | "unreadable"

/** The readable words of a {@link PictureProblem}. */
export const pictureProblemText: Readonly<Record<PictureProblem, string>> = {
  "not-an-image": "Choose an image file (PNG, JPEG, WebP or GIF).",
  "too-large": "Choose an image of at most 10 MB.",
  unreadable: "That image could not be read. Try another file."
}

/** The file as a small data URL, or why not. */
export const resizePicture = async (file: File, maxSide = pictureSide): Promise<{ readonly url: string } | { readonly problem: PictureProblem }> => {
  if (!file.type.startsWith("image/")) return { problem: "not-an-image" }
  if (file.size > maxPictureFileBytes) return { problem: "too-large" }
  const bitmap = await createImageBitmap(file).catch(() => undefined)
  if (bitmap === undefined) return { problem: "unreadable" }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement("canvas")
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  const context = canvas.getContext("2d")
  if (context === null) return { problem: "unreadable" }
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  const webp = canvas.toDataURL("image/webp", 0.85)
  return { url: webp.startsWith("data:image/webp") ? webp : canvas.toDataURL("image/jpeg", 0.85) }
}
