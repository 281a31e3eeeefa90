import { funnelRoute } from "../funnel-page.tsx";
import { ChoiceScreen } from "../screens/choice-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(ChoiceScreen);
