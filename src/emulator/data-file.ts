/**
 * The `--data` file: loading it at start, and keeping it saved while the emulator runs.
 *
 * The file holds signing keys, admin keys, refresh tokens and password hashes, so it is written
 * for its owner only (0600), and through a temporary file that is created exclusively under an
 * unpredictable name (a symlink planted beside it is never followed), then renamed over the file:
 * a crash or a full disk mid-write leaves the last good file. It is saved within a second of every
 * change and once more when the process stops, so a crash loses at most the last second.
 */
import * as Crypto from "node:crypto"
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Cause from "effect/Cause"
import * as Console from "effect/Console"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type { EmulatorService } from "./emulator.ts"
import { decodeState, encodeState, type StateData, withState } from "./state.ts"

/** A `--data` file that cannot be read or written. */
export class CliDataError extends Schema.TaggedError<CliDataError>()("CliDataError", {
  message: Schema.String
}) {}

/** How often a running emulator looks for changes to save (well within the one-second promise). */
export const saveIntervalMillis = 250

/** The state in `file`, or `undefined` when there is no such file yet. */
export const loadData = (file: string): Effect.Effect<StateData | undefined, CliDataError> =>
  Effect.gen(function*() {
    if (!Fs.existsSync(file)) return undefined
    const text = yield* Effect.try({
      try: () => Fs.readFileSync(file, "utf8"),
      catch: (cause) => new CliDataError({ message: `Cannot read ${file}: ${String(cause)}` })
    })
    return yield* decodeState(text).pipe(
      Effect.mapError((error) => new CliDataError({ message: `${file} is not an emulator state file: ${error.message}` }))
    )
  })

/**
 * A fresh temporary name beside `file` (same directory, so the rename stays on one file system);
 * 96 random bits, so a neighbour cannot plant anything at it in advance.
 */
export const temporaryPathFor = (file: string): string =>
  Path.join(Path.dirname(file), `.${Path.basename(file)}.${Crypto.randomBytes(12).toString("base64url")}.tmp`)

// O_EXCL with O_CREAT already refuses an existing path, symlinks included; O_NOFOLLOW says so twice
// where the platform has it.
const exclusiveFlags = Fs.constants.O_WRONLY | Fs.constants.O_CREAT | Fs.constants.O_EXCL | (Fs.constants.O_NOFOLLOW ?? 0)

/**
 * Writes `text` to `file` atomically and privately: an exclusively created 0600 temporary file,
 * flushed to disk, then renamed over `file`. When anything fails the last good file stays, and the
 * temporary file (only if this call created it) is removed.
 */
export const saveData = (file: string, text: string): Effect.Effect<void, CliDataError> =>
  Effect.try({
    try: () => {
      const temporary = temporaryPathFor(file)
      const fd = Fs.openSync(temporary, exclusiveFlags, 0o600)
      try {
        try {
          Fs.writeFileSync(fd, text)
          Fs.fsyncSync(fd)
        } finally {
          Fs.closeSync(fd)
        }
        Fs.renameSync(temporary, file)
      } catch (cause) {
        Fs.rmSync(temporary, { force: true })
        throw cause
      }
    },
    catch: (cause) => new CliDataError({ message: `Cannot write ${file}: ${String(cause)}` })
  })

/** What a failed save prints on stderr: the last good file is kept and the emulator goes on. */
const failureText = (file: string, cause: Cause.Cause<unknown>) =>
  `stackfx emulator: THE STATE WAS NOT SAVED to ${file} (the previous file, if any, is kept): ${String(Cause.squash(cause))}`

/**
 * Keeps `file` saved for the life of the scope. It is written once at start (so the file is private
 * from the first second, and a path that cannot be written is refused at once); then every
 * `saveIntervalMillis`, if a request (or `withState`) ran since the last save and the state's text
 * differs, it is written again; when the scope closes (SIGINT/SIGTERM in the CLI), the saver stops
 * first and the state is saved one last time. A failing save is said on stderr once, not every tick,
 * and again when saving works again.
 */
export const keepSaved = (emulator: EmulatorService, file: string): Effect.Effect<void, CliDataError, Scope.Scope> =>
  Effect.gen(function*() {
    const store = emulator.env.store
    const changes = emulator.env.changes
    // Read under the lock, so the text is a state between two requests; written outside it, so
    // requests are not held up by the disk.
    const snapshot = withState(store, (data) => Effect.sync(() => ({ generation: changes.count, text: encodeState(data) })))
    const first = yield* snapshot
    yield* saveData(file, first.text)
    let savedGeneration = first.generation
    let savedText = first.text
    let failing = false
    const saveIfChanged = Effect.gen(function*() {
      if (changes.count === savedGeneration) return
      const { generation, text } = yield* snapshot
      if (text !== savedText) yield* saveData(file, text)
      savedGeneration = generation
      savedText = text
      if (failing) yield* Console.error(`stackfx emulator: the state is saved to ${file} again`)
      failing = false
    }).pipe(
      Effect.catchCause((cause) => {
        if (failing) return Effect.void
        failing = true
        return Console.error(failureText(file, cause))
      })
    )
    // Added before the saver is forked, so it runs after the saver has stopped (finalizers run in
    // reverse order): no older snapshot can be renamed over the last one.
    yield* Effect.addFinalizer(() =>
      Effect.flatMap(snapshot, ({ text }) => saveData(file, text)).pipe(
        Effect.catchCause((cause) => Console.error(failureText(file, cause)))
      )
    )
    yield* Effect.forkScoped(
      Effect.forever(Effect.andThen(Effect.sleep(Duration.millis(saveIntervalMillis)), saveIfChanged))
    )
  })
