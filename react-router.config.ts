import type { Config } from "@react-router/dev/config";
import { PUBLIC_PAGE_PATHS } from "./src/domain/client-routes.ts";

// A static single-page app (decisions: docs/decisions/0003-web-rendering.md): no server rendering at
// request time; the landing and legal pages are prerendered to HTML at build time and hydrate.
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  prerender: [...PUBLIC_PAGE_PATHS],
} satisfies Config;
