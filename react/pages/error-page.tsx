/** `/handler/error`: what the service sent the user here for (`errorCode`, `message` in the address). */
import { MessageCard } from "../components/message-card.tsx"
import { usePageLocation } from "../page-location.ts"
import { Page } from "./page.tsx"

/** Shows the error the address carries. */
export const ErrorPage = () => {
  const params = usePageLocation()?.searchParams ?? new URLSearchParams()
  const message = params.get("message") ?? params.get("errorCode") ?? "Something went wrong."
  return (
    <Page>
      <MessageCard title="Something went wrong" tone="error" actions={<a href="/">Go home</a>}>
        <p className="stackfx-error" role="alert">{message}</p>
      </MessageCard>
    </Page>
  )
}
