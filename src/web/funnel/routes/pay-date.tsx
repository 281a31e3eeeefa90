import { funnelRoute } from "../funnel-page.tsx";
import { PayDateScreen } from "../screens/pay-date-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(PayDateScreen);
