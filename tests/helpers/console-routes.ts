import type { FastifyInstance } from "fastify";

/**
 * Every console route the app has, from Fastify's route tree (one segment per line, indented four characters a level),
 * as a method and a URL with each parameter filled in; HEAD left out. `except` keeps out the routes a role may call.
 */
export function consoleRoutes(
  app: FastifyInstance,
  except: (path: string) => boolean,
): { method: string; url: string }[] {
  const stack: string[] = [];
  return app
    .printRoutes({ commonPrefix: false })
    .split("\n")
    .flatMap((line) => {
      const m = line.match(/^(.*?)[├└]── (\S+)(?: \(([^)]+)\))?$/);
      if (!m) return [];
      const depth = m[1]!.length / 4;
      stack.length = depth;
      const path = (stack[depth - 1] ?? "") + m[2]!;
      stack.push(path);
      if (!m[3] || !path.startsWith("/api/console/") || except(path)) return [];
      const methods = m[3].split(", ").filter((x) => x !== "HEAD");
      return methods.map((method) => ({ method, url: path.replace(/:\w+/g, "x") }));
    });
}
