#pragma once
// Each algorithm's parameter table (sfp/parameter.hpp), defined in its folder's parameters.cpp.
#include <span>

#include "sfp/parameter.hpp"

namespace sfp::compare { std::span<const Parameter> parameters() noexcept; }
namespace sfp::cipher { std::span<const Parameter> parameters() noexcept; }
namespace sfp::wordcount { std::span<const Parameter> parameters() noexcept; }
namespace sfp::iterate { std::span<const Parameter> parameters() noexcept; }
