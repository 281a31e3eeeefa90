import { funnelRoute } from "../funnel-page.tsx";
import { LoanConfirmScreen } from "../screens/loan-confirm-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(LoanConfirmScreen);
