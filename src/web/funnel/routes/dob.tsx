import { funnelRoute } from "../funnel-page.tsx";
import { DobScreen } from "../screens/dob-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(DobScreen);
