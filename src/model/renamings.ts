/**
 * Which model transformations only rename their wire struct's keys (see `camelize`), for the
 * compiled readers (fast-decode.ts) to read or write such a model in one pass. Its own module, so
 * models can register without pulling the readers into a bundle that loads them later.
 */

/** Per model transformation: the model's name of each wire struct key, in the struct's order. */
export const renamings = new WeakMap<object, ReadonlyArray<string>>()

/** Marks `transformation` as a model's renaming of its wire struct's keys: the i-th key becomes `names[i]`. */
export const registerRenaming = (transformation: object, names: ReadonlyArray<string>): void => {
  renamings.set(transformation, names)
}
