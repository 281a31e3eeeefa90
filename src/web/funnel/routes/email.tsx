import { funnelRoute } from "../funnel-page.tsx";
import { EmailScreen } from "../screens/email-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(EmailScreen);
