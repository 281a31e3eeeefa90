import { readFileSync } from "node:fs";

// A guide's examples (docs/guides), each the fenced block after a `<!-- example: name -->` marker, for the tests that
// hold the guide to the code.

/** The guide's text and its examples by name; `example` throws for a name the guide lacks. */
export function guideExamples(guidePath: URL): {
  text: string;
  has: (name: string) => boolean;
  example: (name: string) => string;
} {
  const text = readFileSync(guidePath, "utf8");
  const examples = new Map(
    [...text.matchAll(/<!-- example: ([\w.-]+) -->\s*```\w*\n([\s\S]*?)\n```/g)].map((m) => [m[1]!, m[2]!]),
  );
  return {
    text,
    has: (name) => examples.has(name),
    example: (name) => {
      const found = examples.get(name);
      if (found === undefined) throw new Error(`the guide has no example "${name}"`);
      return found;
    },
  };
}
