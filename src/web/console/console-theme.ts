import { createTheme, type CSSVariablesResolver } from "@mantine/core";

// The console's one look (docs/decisions/0049-console-components.md): Mantine's components on one theme, one
// spacing scale (Mantine's xs–xl, nothing set by hand in a screen) and compact controls for dense tables. The
// primary shade is the one whose text and fills pass WCAG AA on both schemes (checked by axe in the e2e tests).
export const consoleTheme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 8 },
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
 * Mantine's "dimmed" text is gray 6 on white (3.3:1) and dark 2 on the dark body (4.0:1): both under WCAG's 4.5:1 for
 * body text. The console's secondary text is one shade stronger on each scheme. (The dark scheme's filled buttons
 * take the primary's shade 8 above for the same reason: white on shade 4 is 3:1.)
 */
export const consoleCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": theme.colors.gray[7],
    "--mantine-color-placeholder": theme.colors.gray[7],
  },
  dark: {
    "--mantine-color-dimmed": theme.colors.dark[1],
    "--mantine-color-placeholder": theme.colors.dark[1],
  },
});
