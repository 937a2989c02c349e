// Failure containment for actor handlers.
//
// In CAF 0.17 an exception that escapes a handler kills the actor: every
// request still in its mailbox is refused (request_receiver_down) and the
// request being handled is never answered, so its sender waits forever. One
// bad input must cost only its own request. contain() wraps a handler (or a
// request's continuation) so that an exception ends just that message: a
// request is answered with the error `internal` naming where and what
// failed; a one-way message is dropped with a line on stderr. The actor
// keeps serving either way.
#pragma once
#include <caf/all.hpp>
#include <string>
#include <type_traits>
#include <utility>

#include "actors/protocol.hpp"

namespace mai::actors {

namespace detail {

// What a contained handler returns: a result<...> for anything that answers
// (so that it can answer with an error), void for one-way messages.
template <class R>
struct contained_result {
  using type = caf::result<R>;
};
template <class... Ts>
struct contained_result<caf::result<Ts...>> {
  using type = caf::result<Ts...>;
};
template <class... Ts>
struct contained_result<caf::typed_response_promise<Ts...>> {
  using type = caf::result<Ts...>;
};
template <>
struct contained_result<void> {
  using type = void;
};

// Says on stderr what was dropped, and makes the error a request gets.
caf::error contained_failure(const char* where, const char* what);

template <class R, class F, class... Ts>
auto make_contained(const char* where, F f, caf::detail::type_list<Ts...>) {
  return [where, f = std::move(f)](Ts... xs) mutable -> R {
    const char* what = "an unknown exception";
    std::string text;
    try {
      return f(std::forward<Ts>(xs)...);
    } catch (const std::exception& e) {
      text = e.what();
      what = text.c_str();
    } catch (...) {
    }
    caf::error err = contained_failure(where, what);
    if constexpr (!std::is_void_v<R>) return err;
  };
}

}  // namespace detail

// `where` names the actor and handler ("gateway submit"); it must outlive the handler.
template <class F>
auto contain(const char* where, F f) {
  using trait = caf::detail::get_callable_trait<F>;
  using R = typename detail::contained_result<typename trait::result_type>::type;
  return detail::make_contained<R>(where, std::move(f), typename trait::arg_types{});
}

}  // namespace mai::actors
