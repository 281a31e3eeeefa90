import { funnelRoute } from "../funnel-page.tsx";
import { RequestCashScreen } from "../screens/request-cash-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(RequestCashScreen);
