#include "progress_line.hpp"
#include "sfp/cell.hpp"
#include "sfp/labels.hpp"
#include "sfp/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>

namespace cli {
namespace {

constexpr auto kRedrawEvery = std::chrono::milliseconds(250);

std::string clock_text(double seconds) {
    const long s = long(seconds + 0.5);
    char buf[32];
    if (s >= 3600)
        std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
    return buf;
}

std::size_t terminal_width() {
    winsize ws{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10) return ws.ws_col;
    return 80;
}

void draw(const std::string& line) {
    // \r and "erase to end of line" redraw in place; one column is left free so the cursor
    // never wraps to a new line.
    const std::string shown = line.substr(0, terminal_width() - 1);
    std::fprintf(stderr, "\r%s\x1b[K", shown.c_str());
    std::fflush(stderr);
}

}  // namespace

ProgressLine::ProgressLine(const sfp::Progress& progress, unsigned repetitions)
    : progress_(progress), repetitions_(repetitions), ticker_([this] { tick(); }) {}

ProgressLine::~ProgressLine() {
    {
        const std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_all();
    ticker_.join();
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
}

void ProgressLine::run_started(const sfp::Cell& cell, unsigned repetition, std::size_t index, std::size_t total) {
    const std::lock_guard lock(mutex_);
    running_ = true;
    label_ = sfp::cell_label(cell);
    repetition_ = repetition;
    index_ = index;
    total_ = total;
}

void ProgressLine::message(const std::string& text) {
    const std::lock_guard lock(mutex_);
    running_ = false;
    note_ = text;
}

void ProgressLine::tick() {
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, kRedrawEvery, [this] { return stop_; })) draw(render());
}

std::string ProgressLine::render() {
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::uint64_t done = progress_.done.load(std::memory_order_relaxed);
    const std::uint64_t expected = progress_.total.load(std::memory_order_relaxed);
    const double run_fraction = running_ && expected ? std::min(1.0, double(done) / double(expected)) : 0.0;
    // Most important first: a narrow terminal cuts the end of the line.
    std::string line;
    if (total_) {
        const double fraction = (double(index_) + run_fraction) / double(total_);
        char head[64];
        std::snprintf(head, sizeof head, "[%zu/%zu] %3.0f%%", index_ + 1, total_, fraction * 100);
        line = head;
        line += "  elapsed " + clock_text(elapsed);
        if (fraction > 0) line += "  ETA " + clock_text(elapsed / fraction - elapsed);
        line +=
            "  " + (running_ ? label_ + "  rep " + std::to_string(repetition_) + "/" + std::to_string(repetitions_) +
                                   "  run " + std::to_string(int(run_fraction * 100)) + "%"
                             : note_);
    } else {
        line = "elapsed " + clock_text(elapsed) + "  " + (note_.empty() ? "starting" : note_);
    }
    if (progress_.cancel.load(std::memory_order_relaxed)) line = "cancelling -- " + line;
    return line;
}

}  // namespace cli
