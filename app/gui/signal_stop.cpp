#include "signal_stop.hpp"

#include <QSocketNotifier>
#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <unistd.h>

namespace gui {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};
int pipe_fds[2] = {-1, -1};  // [0] read by the notifier, [1] written by the handler

void write_to_pipe(int sig) {  // internal linkage: the CLI has its own on_signal
    const int saved = errno;   // the interrupted code may be about to read errno
    const unsigned char byte = static_cast<unsigned char>(sig);
    [[maybe_unused]] const ssize_t n = ::write(pipe_fds[1], &byte, 1);  // full pipe: signals enough are pending
    errno = saved;
}

}  // namespace

SignalStop::SignalStop(QObject* parent) : QObject(parent) {
    if (::pipe2(pipe_fds, O_CLOEXEC | O_NONBLOCK) != 0) return;  // no pipe: the default actions stay
    notifier_ = new QSocketNotifier(pipe_fds[0], QSocketNotifier::Read, this);
    connect(notifier_, &QSocketNotifier::activated, this, &SignalStop::drain);
    struct sigaction sa {};
    sa.sa_handler = write_to_pipe;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;  // the run's reads and Qt's own calls go on as if nothing happened
    for (int sig : kSignals) ::sigaction(sig, &sa, nullptr);
}

SignalStop::~SignalStop() {
    for (int sig : kSignals) std::signal(sig, SIG_DFL);
    if (pipe_fds[0] < 0) return;
    delete notifier_;
    ::close(pipe_fds[0]);
    ::close(pipe_fds[1]);
    pipe_fds[0] = pipe_fds[1] = -1;
}

void SignalStop::drain() {
    unsigned char bytes[16];
    for (ssize_t n; (n = ::read(pipe_fds[0], bytes, sizeof bytes)) > 0;)
        for (ssize_t i = 0; i < n; ++i) emit caught(bytes[i]);
}

}  // namespace gui
