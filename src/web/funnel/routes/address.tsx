import { funnelRoute } from "../funnel-page.tsx";
import { AddressScreen } from "../screens/address-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(AddressScreen);
