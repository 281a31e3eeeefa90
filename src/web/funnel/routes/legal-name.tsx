import { funnelRoute } from "../funnel-page.tsx";
import { LegalNameScreen } from "../screens/legal-name-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(LegalNameScreen);
