/** The official SDK's equivalent of ../client-sign-in.ts: password sign-in, then the current user, through `@stackframe/js`. */
import { StackClientApp } from "@stackframe/js"

const app = new StackClientApp({ projectId: "00000000-0000-4000-8000-000000000000", publishableClientKey: "pck_x", tokenStore: "memory" })

void app.signInWithCredential({ email: "ada@example.com", password: "correct horse battery" }).then(() => app.getUser())
