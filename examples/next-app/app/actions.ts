"use server"
/** Server actions: they may write cookies, so a token refreshed here reaches the browser. */
import { revalidatePath } from "next/cache"
import { updateUser } from "stackfx/client"
import { stack } from "../lib/stack"

/** Renames the signed-in user; the page (server and client parts) shows the new name without a reload. */
export async function rename(form: FormData): Promise<void> {
  await stack.run(updateUser({ displayName: String(form.get("displayName") ?? "") }), "server-action")
  revalidatePath("/", "layout")
}
