/**
 * Every `*.witnesses.ts` module of this folder, loaded: each exports `witnesses`, one per (operation,
 * error) pair it proves. The coverage test reads them all; each area's test file runs its own.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import type { Witness } from "./witness.ts"

/** The witness modules of this folder, by file name. */
export const loadWitnessFiles = async (): Promise<ReadonlyArray<{ readonly file: string; readonly witnesses: ReadonlyArray<Witness> }>> => {
  const dir = import.meta.dirname
  const files = Fs.readdirSync(dir).filter((name) => name.endsWith(".witnesses.ts")).sort()
  return Promise.all(files.map(async (file) => {
    const loaded: { readonly witnesses?: ReadonlyArray<Witness> } = await import(Path.join(dir, file))
    if (loaded.witnesses === undefined) throw new Error(`${file} exports no \`witnesses\``)
    return { file, witnesses: loaded.witnesses }
  }))
}
