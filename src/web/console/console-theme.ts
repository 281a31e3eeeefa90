import { createTheme, darken, type CSSVariablesResolver } from "@mantine/core";

// The console's one look (docs/decisions/0049-console-components.md): Mantine's components on one theme, one
// spacing scale (Mantine's xs–xl, nothing set by hand in a screen) and compact controls for dense tables. The
// primary shade is the one whose text and fills pass WCAG AA on both schemes (checked by axe in the e2e tests).
export const consoleTheme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 8, dark: 8 },
  // Filled controls and badges take black or white text by their fill's lightness: white on yellow, say, fails AA.
  autoContrast: true,
  defaultRadius: "sm",
  fontFamily:
    "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', sans-serif",
  fontFamilyMonospace: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  headings: { fontWeight: "650", sizes: { h1: { fontSize: "1.6rem", lineHeight: "1.25" } } },
  components: {
    Table: { defaultProps: { verticalSpacing: 6, horizontalSpacing: "sm", fz: "sm" } },
    Button: { defaultProps: { size: "sm" } },
    TextInput: { defaultProps: { size: "sm" } },
    Select: { defaultProps: { size: "sm" } },
  },
});

/**
 * Mantine's defaults that fall under WCAG's 4.5:1 for text, made one step stronger on each scheme:
 * - "dimmed" text is gray 6 on white (3.3:1) and dark 2 on the dark body (4.0:1);
 * - the "light" variant's text (a badge, the active navigation link) is shade 6 of its colour on a tint of it, and
 *   coloured text (`c="red"`) shade 6 on the body: 2 to 3.5:1 for green, yellow, orange on white;
 * - links are the primary colour's shade, and an error's text red 6 on white (3.3:1).
 * The dark scheme's filled buttons take the primary's shade 8 above for the same reason (white on shade 4 is 3:1).
 */
export const consoleCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    "--mantine-color-dimmed": theme.colors.gray[7],
    "--mantine-color-placeholder": theme.colors.gray[7],
    "--mantine-color-anchor": theme.colors.indigo[9],
    "--mantine-color-error": theme.colors.red[9],
  };
  const dark: Record<string, string> = {
    "--mantine-color-dimmed": theme.colors.dark[1],
    "--mantine-color-placeholder": theme.colors.dark[1],
    "--mantine-color-anchor": theme.colors.indigo[3],
    "--mantine-color-error": theme.colors.red[3],
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === "dark" || name === "gray") continue;
    const strong = darken(shades[9], 0.3);
    light[`--mantine-color-${name}-light-color`] = strong;
    light[`--mantine-color-${name}-text`] = strong;
    dark[`--mantine-color-${name}-light-color`] = shades[2];
    dark[`--mantine-color-${name}-text`] = shades[3];
  }
  return { variables: {}, light, dark };
};
