#pragma once
// Survive SIGBUS while touching a mapped file that another process truncated.
//
// Reading a mapped page beyond the file's current end raises SIGBUS. guarded_call() runs
// fn(arg) with a per-thread recovery point; if SIGBUS hits this thread meanwhile, it returns
// false instead of killing the process. fn must not hold locks or own resources, since it is
// abandoned with siglongjmp.

namespace sfp {

bool guarded_call(void (*fn)(void*), void* arg);

// Convenience for lambdas; the callable itself must satisfy the same rules.
template <class F>
bool guarded(F& f) {
    return guarded_call([](void* p) { (*static_cast<F*>(p))(); }, &f);
}

}  // namespace sfp
