#include "io/sigbus_guard.hpp"

#include <csetjmp>
#include <csignal>
#include <mutex>

namespace sfp {
namespace {

thread_local sigjmp_buf* recovery_point = nullptr;

void on_sigbus(int sig) {
    if (sigjmp_buf* jb = recovery_point) siglongjmp(*jb, 1);
    // Not inside a guarded call: behave as if we had never been here.
    signal(sig, SIG_DFL);
    raise(sig);
}

void install_handler_once() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction sa {};
        sa.sa_handler = on_sigbus;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_NODEFER;  // we leave by siglongjmp without restoring the mask
        sigaction(SIGBUS, &sa, nullptr);
    });
}

}  // namespace

bool guarded_call(void (*fn)(void*), void* arg) {
    install_handler_once();
    sigjmp_buf jb;
    sigjmp_buf* const outer = recovery_point;
    if (sigsetjmp(jb, 0) != 0) {
        recovery_point = outer;
        return false;
    }
    recovery_point = &jb;
    fn(arg);
    recovery_point = outer;
    return true;
}

}  // namespace sfp
