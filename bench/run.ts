/** `npm run bench`: prints every benchmark's figures. Timings never fail; the size budget is enforced by `npm test`. */
import { reportBundleSize } from "./bundle-size.ts"

await reportBundleSize()
