// Development: the API server (restarted on change by node --watch) and Vite's dev server with hot reload,
// which proxies /api to the API server. Open http://localhost:5173.
import { spawn } from "node:child_process";

const children = [
  spawn(process.execPath, ["--watch-path=src/server", "--watch-path=src/domain", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: process.env.PORT ?? "3000" },
  }),
  spawn("npx", ["react-router", "dev"], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
