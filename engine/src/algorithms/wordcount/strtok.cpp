// wordcount/strtok — SimpleCount's first program: stdio reads a line at a time, strtok splits it.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "algorithms/wordcount/inputs.hpp"
#include "algorithms/wordcount/strategies.hpp"
#include "sfp/failure.hpp"

namespace sfp::wordcount {
namespace {

struct CloseStream {
    void operator()(FILE* f) const noexcept { std::fclose(f); }
};
struct LineBuffer {  // getline's buffer, grown by getline, freed here
    char* data = nullptr;
    std::size_t capacity = 0;
    ~LineBuffer() { std::free(data); }
};

// strtok sees a NUL as the end of the line, but a NUL is a (non-printable) word byte: another
// byte of that kind stands in for it.
char stand_in_for_nul(const Separators& seps) {
    for (unsigned c = 1; c < 256; ++c)
        if (!seps(std::uint8_t(c)) && !Separators::printable(std::uint8_t(c))) return char(c);
    fail("strtok: every non-printable byte is a separator, so none can stand in for NUL");
}

// Returns false when the run was told to stop.
bool count_stream(const File& file, const Inputs& inputs, RunContext& ctx, WordCounts& counts) {
    const int fd = ::dup(file.fd());
    if (fd < 0) fail_errno("cannot read", file.path(), errno);
    const std::unique_ptr<FILE, CloseStream> in(::fdopen(fd, "r"));
    if (!in) {
        ::close(fd);
        fail_errno("cannot read", file.path(), errno);
    }
    const std::string delimiters = inputs.separators.all();
    const char nul = stand_in_for_nul(inputs.separators);
    Tally tally = Tally::at_file_start(inputs.histogram);
    ProgressMeter meter(ctx);
    LineBuffer line;
    bool stopped = false;
    int read_error = 0;
    const auto next_line = [&] {
        errno = 0;
        const ssize_t n = ::getline(&line.data, &line.capacity, in.get());
        if (n < 0) read_error = errno;
        return n;
    };
    for (ssize_t n; !(stopped = ctx.should_stop()) && (n = next_line()) >= 0;) {
        char* const raw = line.data;
        const std::size_t length = std::size_t(n);
        std::replace(raw, raw + length, '\0', nul);
        tally.add_bytes(length);
        if (raw[length - 1] == '\n') tally.add_lines(1);
        char* state = nullptr;
        for (char* word = ::strtok_r(raw, delimiters.c_str(), &state); word;
             word = ::strtok_r(nullptr, delimiters.c_str(), &state))
            tally.add_run(std::strlen(word), std::any_of(word, word + std::strlen(word), [](char c) {
                              return Separators::printable(std::uint8_t(c));
                          }));
        meter.add(length);
    }
    // getline's -1 is the end of the file or an error: a read error, or no memory for a line
    // (ENOMEM under a memory limit), must never pass for the end.
    if (!stopped && !std::feof(in.get()))
        fail_errno(read_error == ENOMEM ? "strtok holds a whole line in memory: cannot read" : "cannot read",
                   file.path(), read_error ? read_error : EIO);
    counts = tally.finish();
    return !stopped;
}

Outcome run(const RunSpec& spec, RunContext& ctx) {
    return count_each_file(spec, ctx, [&](const File& f, const Inputs& in, WordCounts& counts) {
        return count_stream(f, in, ctx, counts);
    });
}

}  // namespace

const Strategy strtok_strategy{
    .algorithm = "wordcount",
    .name = "strtok",
    .description = "one thread, stdio reads a line at a time and strtok splits it into words",
    .run = run,
};

}  // namespace sfp::wordcount
