#pragma once
// The explicit list of every strategy (engine/src/registry.cpp).
#include <span>
#include <string_view>
#include <vector>

#include "sfp/strategy.hpp"

namespace sfp {

// Every registered strategy, validated once on first use (unique names, no null hooks).
std::span<const Strategy> strategies();
std::vector<const Strategy*> strategies_of(std::string_view algorithm);
std::vector<std::string_view> algorithms();
const Strategy* find_strategy(std::string_view algorithm, std::string_view name);

// Throws std::logic_error naming the offending entry; exposed for tests.
void validate_registry(std::span<const Strategy> list);

}  // namespace sfp
