/** `/handler/error`: what the service sent the user here for (`errorCode`, `message` in the address). */
import { useHandlerUrls } from "../components/urls.ts"
import { usePageLocation } from "../page-location.ts"
import { PageCard } from "./sign-in-to-continue.tsx"

/** Shows the error the address carries, in one card announced as an alert. */
export const ErrorPage = () => {
  const urls = useHandlerUrls()
  const params = usePageLocation()?.searchParams ?? new URLSearchParams()
  const message = params.get("message") ?? params.get("errorCode") ?? "Something went wrong."
  return (
    <PageCard title="Something went wrong" tone="error" actions={<a href={urls.home}>Go home</a>}>
      <p>{message}</p>
    </PageCard>
  )
}
