import { funnelRoute } from "../funnel-page.tsx";
import { TextScreen } from "../screens/text-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(TextScreen);
