#pragma once
// Test seam of compare/adaptive: a hook called inside each candidate's timed probe, just before
// its scan, with the candidate's name. A test slows one candidate here and checks that the
// other is chosen. nullptr (the default) means none. Not for use outside tests.
#include <string_view>

namespace sfp::compare {

using ProbeHook = void (*)(std::string_view candidate);
void set_probe_hook(ProbeHook hook) noexcept;

}  // namespace sfp::compare
