import { createContext, useContext } from "react";
import type { ConsoleSession } from "#domain/contracts/console.ts";
import type { Permission } from "#domain/console/roles.ts";

export type ConsoleContext = {
  session: ConsoleSession;
  timeZone: string;
  setTimeZone: (zone: string) => void;
  signOut: () => Promise<void>;
};

export const ConsoleSessionContext = createContext<ConsoleContext | null>(null);

/** The signed-in operator, their permissions and time zone; only inside the console layout. */
export function useConsole(): ConsoleContext & { can: (permission: Permission) => boolean } {
  const context = useContext(ConsoleSessionContext);
  if (!context) throw new Error("useConsole outside the console layout");
  return { ...context, can: (permission) => context.session.permissions.includes(permission) };
}
