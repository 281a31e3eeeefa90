import { funnelRoute } from "../funnel-page.tsx";
import { MaskedScreen } from "../screens/masked-screen.tsx";

export { meta } from "../funnel-page.tsx";
export default funnelRoute(MaskedScreen);
