import { funnelRoute } from "../funnel-page.tsx";
import { RoutingScreen } from "../screens/routing-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(RoutingScreen);
