/** `Avatar` and `UserAvatar`: a picture, or initials on a colour, in a circle of a given size. */
import { useUser } from "../hooks.ts"
import { avatarSheet, KitStyle } from "./kit-styles.tsx"

/** Up to two initials of a name or an e-mail address. */
export const initialsOf = (name: string): string => {
  const words = name.split(/[\s@._-]+/).filter((word) => word.length > 0)
  return words.slice(0, 2).map((word) => word.charAt(0).toUpperCase()).join("") || "?"
}

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** Whose: the initials come from it. */
  readonly name: string
  readonly imageUrl: string | null
  /** Diameter in pixels (default 32). */
  readonly size?: number
  /** A ring in the border colour around it. */
  readonly border?: boolean
  /** `square` for teams (default `round`, people). */
  readonly shape?: "round" | "square"
}

/** A picture, or initials on the accent colour; decorative (the name is said next to it). */
export const Avatar = ({ name, imageUrl, size = 32, border = false, shape = "round" }: AvatarProps) => (
  <span
    className={`stackfx-avatar${border ? " stackfx-avatar-border" : ""}${shape === "square" ? " stackfx-avatar-square" : ""}`}
    style={{ width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) }}
    aria-hidden="true"
  >
    <KitStyle sheet={avatarSheet} />
    {imageUrl === null ? initialsOf(name) : <img src={imageUrl} alt="" width={size} height={size} />}
  </span>
)

/** Props of {@link UserAvatar} (the official kit's). */
export interface UserAvatarProps {
  /** Diameter in pixels (default 32). */
  readonly size?: number
  /** Whose avatar (default: the signed-in user's; null: a signed-out placeholder). */
  readonly user?: { readonly profileImageUrl?: string | null; readonly displayName?: string | null; readonly primaryEmail?: string | null } | null
  readonly border?: boolean
}

const Placeholder = ({ size, border }: { readonly size: number; readonly border: boolean }) => (
  <span className={`stackfx-avatar stackfx-avatar-empty${border ? " stackfx-avatar-border" : ""}`} style={{ width: size, height: size }} aria-hidden="true">
    <KitStyle sheet={avatarSheet} />
    <svg viewBox="0 0 24 24" width={size * 0.6} height={size * 0.6} focusable="false">
      <circle cx="12" cy="8" r="4" fill="currentColor" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
    </svg>
  </span>
)

const OfUser = ({ user, size, border }: { readonly user: NonNullable<UserAvatarProps["user"]> | null; readonly size: number; readonly border: boolean }) =>
  user === null
    ? <Placeholder size={size} border={border} />
    : <Avatar name={user.displayName ?? user.primaryEmail ?? "?"} imageUrl={user.profileImageUrl ?? null} size={size} border={border} />

const OfCurrentUser = ({ size, border }: { readonly size: number; readonly border: boolean }) => <OfUser user={useUser()} size={size} border={border} />

/** A user's avatar: the signed-in user's unless `user` says whose. */
export const UserAvatar = ({ size = 32, user, border = false }: UserAvatarProps) =>
  user === undefined ? <OfCurrentUser size={size} border={border} /> : <OfUser user={user} size={size} border={border} />
