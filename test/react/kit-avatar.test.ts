/** `UserAvatar` and `Avatar`: a picture, initials, or a placeholder, at the size asked for. */
import { assert, describe, it } from "@effect/vitest"
import { createElement as h } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { Avatar, initialsOf, UserAvatar } from "../../react/components/avatar.tsx"

describe("UserAvatar", () => {
  it("shows initials of the name (or e-mail), a picture when there is one, a placeholder for nobody", () => {
    const initials = renderToStaticMarkup(h(UserAvatar, { user: { displayName: "Grace Hopper", primaryEmail: null, profileImageUrl: null }, size: 48 }))
    assert.include(initials, ">GH</span>")
    assert.include(initials, "width:48px")
    assert.include(renderToStaticMarkup(h(UserAvatar, { user: { primaryEmail: "ada@example.com" } })), ">AE</span>")
    const picture = renderToStaticMarkup(h(UserAvatar, { user: { displayName: "A", profileImageUrl: "data:image/png;base64,AA==" }, border: true }))
    assert.include(picture, "<img src=\"data:image/png;base64,AA==\" alt=\"\"")
    assert.include(picture, "stackfx-avatar-border")
    assert.include(renderToStaticMarkup(h(UserAvatar, { user: null })), "stackfx-avatar-empty")
    assert.include(renderToStaticMarkup(h(Avatar, { name: "Team", imageUrl: null, shape: "square" })), "stackfx-avatar-square")
    assert.strictEqual(initialsOf(""), "?")
  })
})
