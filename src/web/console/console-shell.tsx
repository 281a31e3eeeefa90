import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Button,
  Group,
  MantineProvider,
  NavLink as MantineNavLink,
  ScrollArea,
  NativeSelect,
  Text,
  Tooltip,
  localStorageColorSchemeManager,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { ROLE_LABELS } from "#domain/console/roles.ts";
import { NAV_SECTIONS, type CONSOLE_NAV } from "./console-nav.ts";
import type { ConsoleContext } from "./console-session.tsx";
import { consoleCssVariables, consoleTheme } from "./console-theme.ts";
import { timeZoneChoices } from "./time.ts";

// The console's frame (docs/decisions/0049-console-components.md): Mantine's provider with the one theme, and the
// shell every signed-in page sits in: a header with the operator's settings, a persistent side navigation in
// sections, and the page. Light or dark is the operator's choice, kept in this browser; the first visit follows the
// system's setting.

const colorSchemeManager = localStorageColorSchemeManager({ key: "console.colorScheme" });

/**
 * The nonce the server gave this page for the <style> elements Mantine writes (its theme's variables, the shell's
 * breakpoints): the page's CSP refuses any without it. Read once; the page keeps it for its life.
 */
const styleNonce = () => document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? "";

export function ConsoleMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={consoleTheme}
      cssVariablesResolver={consoleCssVariables}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
      getStyleNonce={styleNonce}
    >
      {children}
    </MantineProvider>
  );
}

type NavItem = (typeof CONSOLE_NAV)[number];

export function ConsoleShell({
  nav,
  context,
  children,
}: {
  nav: readonly NavItem[];
  context: ConsoleContext;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  // On a narrow window the navigation is a drawer: following a link closes it.
  useEffect(close, [pathname, close]);
  // A part with another part under its path (Today under /console, the portal's Overview over its Leads) is current on
  // its own page only, so one link at a time says it is the page.
  const ownPageOnly = (path: string) => nav.some((other) => other.path.startsWith(`${path}/`));
  const current = (path: string) =>
    ownPageOnly(path) || path === "/console" ? pathname.replace(/\/+$/, "") === path : pathname.startsWith(path);
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <a className="console-skip" href="#console-main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? "Close the navigation" : "Open the navigation"}
            />
            <Text fw={700} size="lg">
              Loanpath console
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <NativeSelect
              aria-label="Time zone"
              data={timeZoneChoices(context.timeZone)}
              value={context.timeZone}
              onChange={(event) => context.setTimeZone(event.currentTarget.value)}
              w={200}
              visibleFrom="md"
            />
            <SchemeToggle />
            <Text size="sm" visibleFrom="sm" className="console-me">
              {context.session.operator.name}{" "}
              <Text span c="dimmed" size="sm">
                ({ROLE_LABELS[context.session.operator.role]})
              </Text>
            </Text>
            <Button variant="default" onClick={() => void context.signOut()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar component="nav" aria-label="Console" p="xs">
        <AppShell.Section grow component={ScrollArea}>
          {NAV_SECTIONS.map((section) => {
            const items = nav.filter((item) => item.section === section);
            if (items.length === 0) return null;
            return (
              <Box key={section} mb="sm">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4} component="h2">
                  {section}
                </Text>
                <Box component="ul" m={0} p={0} style={{ listStyle: "none" }}>
                  {items.map((item) => (
                    <li key={item.path}>
                      <MantineNavLink
                        component={NavLink}
                        to={item.path}
                        end={item.path === "/console" || ownPageOnly(item.path)}
                        label={item.label}
                        active={current(item.path)}
                        aria-current={current(item.path) ? "page" : undefined}
                      />
                    </li>
                  ))}
                </Box>
              </Box>
            );
          })}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="console-main" tabIndex={-1}>
        <Box maw={1680} mx="auto">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

function SchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = scheme === "dark" ? "light" : "dark";
  const label = `Use the ${next} theme`;
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" onClick={() => setColorScheme(next)} aria-label={label}>
        <span aria-hidden="true">{scheme === "dark" ? "☀" : "☾"}</span>
      </ActionIcon>
    </Tooltip>
  );
}
