import { configure } from "@testing-library/react";

// The web tests' waits (findBy…, waitFor) give up after 20 s, not testing-library's one: a screen's render, on a
// loaded two-core machine, is work the process is not run for long enough to finish in a second, and the wait then
// failed with nothing wrong. A passing test waits no longer than its work takes (docs/decisions/0046-tests-under-load.md).
configure({ asyncUtilTimeout: 20_000 });
