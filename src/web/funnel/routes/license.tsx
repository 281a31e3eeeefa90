import { funnelRoute } from "../funnel-page.tsx";
import { LicenseScreen } from "../screens/license-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(LicenseScreen);
