import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The one architectural rule (docs/decisions/0002-layers.md): domain imports nothing of ours;
// web and server import domain and never each other.
const restrict = (regex, message) => ({ regex, message });
const LAYER_RULES = {
  "src/domain/**": [
    restrict(
      "^#(web|server)/|(^|/)(web|server)/",
      "src/domain is pure: it must not import from src/web or src/server.",
    ),
    restrict(
      "^node:|^(react|react-dom|react-router|fastify|pg|drizzle-orm|@electric-sql/.*)$",
      "src/domain is pure: no I/O, framework or Node imports.",
    ),
  ],
  "src/web/**": [
    restrict("^#server/|(^|/)server/", "src/web must not import from src/server: share code through src/domain."),
    restrict(
      "^node:|^(fastify|pg|pg-boss|drizzle-orm.*|@electric-sql/.*|zipcodes)$",
      "src/web runs in the browser: no server-only packages.",
    ),
  ],
  "src/server/**": [
    restrict("^#web/|(^|/)web/", "src/server must not import from src/web: share code through src/domain."),
  ],
};

export default tseslint.config(
  { ignores: ["build/**", ".react-router/**", "node_modules/**", "coverage/**", "data/**", "tests/lint/fixtures/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  ...Object.entries(LAYER_RULES).map(([glob, patterns]) => ({
    files: [glob],
    rules: { "no-restricted-imports": ["error", { patterns }] },
  })),
);
