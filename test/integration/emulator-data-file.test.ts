/**
 * The `--data` file on disk: what a neighbour on the same machine can do to it (plant a symlink
 * where the temporary file goes, read it) and what it holds after each save.
 */
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { saveData, temporaryPathFor } from "../../src/emulator/data-file.ts"

const scratch = () => Fs.mkdtempSync(Path.join(Os.tmpdir(), "stackfx-data-file-"))

const modeOf = (file: string) => Fs.statSync(file).mode & 0o777

describe("--data file", () => {
  it.effect("a symlink planted where the old temporary file went is never followed: its target stays untouched", () =>
    Effect.gen(function*() {
      const dir = scratch()
      const file = Path.join(dir, "state.json")
      const victim = Path.join(dir, "victim.txt")
      Fs.writeFileSync(victim, "precious")
      // The name the previous code used (`<file>.<pid>.tmp`), planted before the save.
      Fs.symlinkSync(victim, `${file}.${process.pid}.tmp`)
      yield* saveData(file, "the state")
      assert.strictEqual(Fs.readFileSync(victim, "utf8"), "precious", "the symlink's target was not overwritten")
      assert.strictEqual(Fs.readFileSync(file, "utf8"), "the state")
      assert.isFalse(Fs.lstatSync(file).isSymbolicLink())
      Fs.rmSync(dir, { recursive: true, force: true })
    }))

  it.effect("the temporary file's name is unpredictable and created exclusively", () =>
    Effect.gen(function*() {
      const file = Path.join(scratch(), "state.json")
      const names = new Set(Array.from({ length: 20 }, () => temporaryPathFor(file)))
      assert.strictEqual(names.size, 20, "every save picks a fresh name")
      for (const name of names) {
        assert.strictEqual(Path.dirname(name), Path.dirname(file), "beside the file, so the rename stays on one file system")
        assert.notInclude(Path.basename(name), String(process.pid))
      }
      Fs.rmSync(Path.dirname(file), { recursive: true, force: true })
    }))

  it.effect("saved files are readable by their owner only (0600), also when the file was 0644 before", () =>
    Effect.gen(function*() {
      const dir = scratch()
      const file = Path.join(dir, "state.json")
      yield* saveData(file, "first")
      assert.strictEqual(modeOf(file).toString(8), "600")
      Fs.chmodSync(file, 0o644)
      yield* saveData(file, "second")
      assert.strictEqual(modeOf(file).toString(8), "600")
      assert.strictEqual(Fs.readFileSync(file, "utf8"), "second")
      assert.deepStrictEqual(Fs.readdirSync(dir), ["state.json"], "no temporary file left behind")
      Fs.rmSync(dir, { recursive: true, force: true })
    }))
})
