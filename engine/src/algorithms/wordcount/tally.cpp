#include "algorithms/wordcount/tally.hpp"

#include <algorithm>

namespace sfp::wordcount {

Separators::Separators(std::string_view extra) {
    for (unsigned char c : std::string_view(" \t\n\v\f\r")) table_[c] = true;
    for (unsigned char c : extra)
        if (!table_[c]) {
            table_[c] = true;
            extra_.push_back(char(c));
        }
}

std::string Separators::all() const { return " \t\n\v\f\r" + extra_; }

void Tally::feed(const std::uint8_t* p, std::size_t n, const Separators& seps) noexcept {
    counts_.bytes += n;
    for (const std::uint8_t* end = p + n; p != end; ++p) {
        if (!seps(*p)) {
            ++run_;
            run_printable_ |= Separators::printable(*p);
            continue;
        }
        if (*p == '\n') ++counts_.lines;
        close_run();
    }
}

void Tally::add_lengths(const std::array<std::uint64_t, kLongestCountedWord + 1>& histogram) noexcept {
    for (std::size_t len = 0; len < histogram.size(); ++len) counts_.histogram[len] += histogram[len];
}

void Tally::append(const Tally& next) noexcept {
    counts_.bytes += next.counts_.bytes;
    if (!next.seen_separator_) {  // next is word bytes only: our open run grows
        run_ += next.run_;
        run_printable_ |= next.run_printable_;
        return;
    }
    run_ += next.head_;  // next's head ends our open run
    run_printable_ |= next.head_printable_;
    close_run();
    counts_.lines += next.counts_.lines;
    counts_.words += next.counts_.words;
    for (std::size_t len = 0; len < counts_.histogram.size(); ++len)
        counts_.histogram[len] += next.counts_.histogram[len];
    run_ = next.run_;
    run_printable_ = next.run_printable_;
}

WordCounts Tally::finish() const noexcept {
    Tally t = *this;
    if (t.seen_separator_) t.add_run(t.head_, t.head_printable_);  // nothing precedes the first segment
    t.add_run(t.run_, t.run_printable_);
    return t.counts_;
}

}  // namespace sfp::wordcount

namespace sfp {

WordCounts& WordCounts::operator+=(const WordCounts& o) noexcept {
    lines += o.lines;
    words += o.words;
    bytes += o.bytes;
    for (std::size_t len = 0; len < histogram.size(); ++len) histogram[len] += o.histogram[len];
    return *this;
}

WordCounts WordCountOutcome::total() const noexcept {
    WordCounts sum;
    for (const WordCounts& f : files) sum += f;
    return sum;
}

}  // namespace sfp
