/** The component kit, in a client component. */
import { Kit } from "./kit"

export default function KitPage() {
  return <Kit />
}
