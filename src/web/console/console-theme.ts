import { createTheme, type CSSVariablesResolver } from "@mantine/core";

// The console's one look (docs/decisions/0049-console-components.md): Mantine's components on one theme, one
// spacing scale (Mantine's xs–xl, nothing set by hand in a screen) and compact controls for dense tables. The
// primary shade is the one whose text and fills pass WCAG AA on both schemes (checked by axe in the e2e tests).
export const consoleTheme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 4 },
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
 * Mantine's "dimmed" text is gray 6 on white, 3.3:1: under WCAG's 4.5:1 for body text. The console's secondary
 * text is one shade darker on the light scheme; the dark scheme's dimmed already passes.
 */
export const consoleCssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": theme.colors.gray[7],
    "--mantine-color-placeholder": theme.colors.gray[7],
  },
  dark: {
    "--mantine-color-placeholder": theme.colors.dark[1],
  },
});
