#pragma once
// What a run of an algorithm computed, of a type only the algorithm knows. Runs of different
// strategies on the same input must agree: the runner compares digest_of() their outcomes.
//
// An outcome type T is any copyable, equality-comparable struct whose header declares, next to
// it (found by argument-dependent lookup):
//   std::string canonical(const T&);   // the text the digest is taken of: equal outcomes, equal text
//   sfp::Description describe(const T&); // its fields for the report JSON and the window
// An Outcome is implicitly constructed from such a T; empty means none (a failed or cancelled
// run, an algorithm without a result).
#include <concepts>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>

#include "sfp/description.hpp"

namespace sfp {

namespace outcome_detail {
// Outside class Outcome so that the calls below find the type's own functions by ADL.
template <class T>
std::string canonical_of(const T& t) {
    return canonical(t);
}
template <class T>
Description describe_of(const T& t) {
    return describe(t);
}
}  // namespace outcome_detail

template <class T>
concept OutcomeType = std::copyable<T> && std::equality_comparable<T> && requires(const T& t) {
    { canonical(t) } -> std::convertible_to<std::string>;
    { describe(t) } -> std::convertible_to<Description>;
};

class Outcome {
public:
    Outcome() noexcept = default;
    template <class T>
    requires(!std::same_as<std::remove_cvref_t<T>, Outcome> && OutcomeType<std::remove_cvref_t<T>>) Outcome(T&& value)
        : held_(std::make_unique<Held<std::remove_cvref_t<T>>>(std::forward<T>(value))) {}

    Outcome(const Outcome& o) : held_(o.held_ ? o.held_->clone() : nullptr) {}
    Outcome(Outcome&&) noexcept = default;
    Outcome& operator=(const Outcome& o) {
        if (this != &o) held_ = o.held_ ? o.held_->clone() : nullptr;
        return *this;
    }
    Outcome& operator=(Outcome&&) noexcept = default;

    bool empty() const noexcept { return !held_; }

    template <class T>
    const T* get_if() const noexcept {
        return held_ && held_->type() == typeid(T) ? &static_cast<const Held<T>&>(*held_).value : nullptr;
    }
    template <class T>
    T* get_if() noexcept {
        return held_ && held_->type() == typeid(T) ? &static_cast<Held<T>&>(*held_).value : nullptr;
    }
    template <class T>
    const T& get() const {
        if (const T* p = get_if<T>()) return *p;
        throw std::logic_error(std::string("the outcome is not a ") + typeid(T).name());
    }
    template <class T>
    T& get() {
        return const_cast<T&>(std::as_const(*this).get<T>());
    }

    // The digest's text ("none" when empty) and the description (an empty object when empty).
    std::string canonical_text() const { return held_ ? held_->canonical() : "none"; }
    Description description() const { return held_ ? held_->describe() : Description{}; }

    // Equal when both are empty, or both hold the same type with equal values.
    friend bool operator==(const Outcome& a, const Outcome& b) {
        if (!a.held_ || !b.held_) return !a.held_ && !b.held_;
        return a.held_->equals(*b.held_);
    }

private:
    struct Base {
        virtual ~Base() = default;
        virtual std::unique_ptr<Base> clone() const = 0;
        virtual const std::type_info& type() const noexcept = 0;
        virtual bool equals(const Base& other) const = 0;
        virtual std::string canonical() const = 0;
        virtual Description describe() const = 0;
    };
    template <class T>
    struct Held final : Base {
        template <class U>
        explicit Held(U&& v) : value(std::forward<U>(v)) {}
        std::unique_ptr<Base> clone() const override { return std::make_unique<Held>(value); }
        const std::type_info& type() const noexcept override { return typeid(T); }
        bool equals(const Base& other) const override {
            return other.type() == typeid(T) && static_cast<const Held&>(other).value == value;
        }
        std::string canonical() const override { return outcome_detail::canonical_of(value); }
        Description describe() const override { return outcome_detail::describe_of(value); }
        T value;
    };
    std::unique_ptr<Base> held_;
};

// Canonical 16-hex-digit digest of an outcome (XXH64 of its canonical text).
std::string digest_of(const Outcome& outcome);

}  // namespace sfp
