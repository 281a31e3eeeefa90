import { funnelRoute } from "../funnel-page.tsx";
import { WorkPhoneScreen } from "../screens/work-phone-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(WorkPhoneScreen);
