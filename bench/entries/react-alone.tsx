/** React 19 alone: the floor under both React apps (`createRoot` rendering one element). */
import { createRoot } from "react-dom/client"

createRoot(document.body).render(<p>signed out</p>)
