import { funnelRoute } from "../funnel-page.tsx";
import { EmployerScreen } from "../screens/employer-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(EmployerScreen);
