import { funnelRoute } from "../funnel-page.tsx";
import { BankDetailsScreen } from "../screens/bank-details-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(BankDetailsScreen);
