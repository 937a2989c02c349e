// mai_sandbox._native: the C++ client library (client/mai_sandbox_client.hpp)
// for Python. The pure Python package (mai_sandbox/) wraps it in the public
// API; the stubs in mai_sandbox/_native.pyi describe this module.
//
// The GIL is released whenever the client waits (connect, submit, assess,
// status, close), so many Python threads submit at once; the client's
// threads take it only to call back into Python (live samples, completions).
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>

#include <memory>

#include "convert.hpp"
#include "mai_sandbox_client.hpp"
#include "model/json_codec.hpp"
#include "request.hpp"

namespace py = pybind11;

namespace mai::python {

namespace {

using client::Client;

// The exception every client error becomes: args = (message, ErrorKind, Errc or None).
PyObject* native_error = nullptr;

py::tuple error_args(const client::Error& e) {
  py::object code = e.code() ? py::cast(*e.code()) : py::none();
  return py::make_tuple(e.what(), py::cast(e.kind()), code);
}

py::object sample_to_python(const ResourceSample& s) { return to_python(to_json(s)); }

// One connection. Each call holds its own reference to the C++ client while
// it waits, so close() from another thread never pulls it from under a call;
// the last reference is always dropped with the GIL released (destroying the
// client ends pending submissions, whose completions need the GIL).
class NativeClient {
 public:
  explicit NativeClient(const client::Options& options) {
    py::gil_scoped_release release;
    client_ = Client::connect(options);
  }
  ~NativeClient() {
    if (!client_) return;
    if (PyGILState_Check()) {
      py::gil_scoped_release release;
      client_.reset();
    } else {
      client_.reset();
    }
  }

  std::shared_ptr<Client> get() const {
    if (!client_) throw client::Error(client::Error::Kind::lost, "the client is closed");
    return client_;
  }

  void close() {
    auto last = std::move(client_);
    py::gil_scoped_release release;
    last.reset();
  }

  bool connected() const { return client_ && client_->connected(); }

 private:
  std::shared_ptr<Client> client_;
};

// Runs `f(client)` with the GIL released; the client reference dies before the GIL returns.
template <class F>
auto released(const NativeClient& self, F f) {
  auto c = self.get();
  py::gil_scoped_release release;
  auto local = std::move(c);
  return f(*local);
}

// Calls a Python callable from a client thread. An exception in it cannot
// reach the caller of run(): it goes to sys.unraisablehook, and the run goes on.
void call_back(const py::handle& fn, const char* what, py::object arg) {
  try {
    fn(std::move(arg));
  } catch (py::error_already_set& e) {
    e.discard_as_unraisable(what);
  }
}

py::object submit(const NativeClient& self, const py::dict& request, const py::object& on_stats) {
  Submission sub = to_submission(request);
  Client::StatsHandler handler;
  if (!on_stats.is_none()) {
    // Borrowed: the caller holds it for the whole call, and the client
    // calls no handler after submit() returns.
    py::handle fn = on_stats;
    handler = [fn](const ResourceSample& s) {
      py::gil_scoped_acquire gil;
      call_back(fn, "mai_sandbox on_stats callback", sample_to_python(s));
    };
  }
  RunResult result = released(self, [&](Client& c) { return c.submit(sub, handler); });
  return result_to_python(result);
}

// The callables of one asynchronous submission. They are released under the
// GIL once the completion ran; the holder itself may die on any thread.
struct AsyncCallbacks {
  py::object on_stats, on_done;
  ~AsyncCallbacks() {
    if (!on_stats && !on_done) return;
    py::gil_scoped_acquire gil;
    on_stats = py::object();
    on_done = py::object();
  }
};

void submit_async(const NativeClient& self, const py::dict& request, const py::object& on_stats,
                  const py::object& on_done) {
  Submission sub = to_submission(request);
  auto callbacks = std::make_shared<AsyncCallbacks>();
  callbacks->on_done = on_done;
  Client::StatsHandler handler;
  if (!on_stats.is_none()) {
    callbacks->on_stats = on_stats;
    handler = [callbacks](const ResourceSample& s) {
      py::gil_scoped_acquire gil;
      if (callbacks->on_stats)
        call_back(callbacks->on_stats, "mai_sandbox on_stats callback", sample_to_python(s));
    };
  }
  auto done = [callbacks](client::Outcome o) {
    py::gil_scoped_acquire gil;
    py::object fn = std::move(callbacks->on_done);
    callbacks->on_stats = py::object();
    if (!fn) return;
    py::object result = py::none(), error = py::none();
    try {
      if (o.result)
        result = result_to_python(*o.result);
      else
        error = error_args(*o.error);
      fn(result, error);
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("mai_sandbox completion callback");
    }
  };
  released(self, [&](Client& c) {
    c.submit_async(sub, handler, done);
    return 0;
  });
}

py::object assess(const NativeClient& self, const std::string& code, const std::string& language,
                  const std::string& origin) {
  auto lang = parse_language(language);
  if (!lang) throw py::value_error("lang: unknown value '" + language + "'");
  auto from = parse_origin(origin);
  if (!from) throw py::value_error("origin: unknown value '" + origin + "'");
  Assessment a = released(self, [&](Client& c) { return c.assess(code, *lang, *from); });
  return to_python(to_json(a));
}

py::dict status(const NativeClient& self) {
  auto s = released(self, [](Client& c) { return c.status(); });
  return status_to_python(s);
}

std::unique_ptr<NativeClient> make_client(const std::string& server, const std::string& cert,
                                          const std::string& key, const std::string& ca,
                                          int64_t connect_timeout_ms, int64_t heartbeat_interval_ms,
                                          int64_t heartbeat_timeout_ms) {
  if (connect_timeout_ms <= 0 || heartbeat_interval_ms <= 0 || heartbeat_timeout_ms <= 0)
    throw py::value_error("timeouts must be positive");
  client::Options o;
  o.server = server;
  o.tls_cert = cert;
  o.tls_key = key;
  o.tls_ca = ca;
  o.connect_timeout = std::chrono::milliseconds(connect_timeout_ms);
  o.heartbeat_interval = std::chrono::milliseconds(heartbeat_interval_ms);
  o.heartbeat_timeout = std::chrono::milliseconds(heartbeat_timeout_ms);
  return std::make_unique<NativeClient>(o);
}

}  // namespace

}  // namespace mai::python

PYBIND11_MODULE(_native, m) {
  using namespace mai;
  using namespace mai::python;
  m.doc() = "The mai-sandbox C++ client library; use the mai_sandbox package instead.";

  py::enum_<client::Error::Kind>(m, "ErrorKind", "What kind of failure a NativeError is.")
      .value("usage", client::Error::Kind::usage)
      .value("connect", client::Error::Kind::connect)
      .value("service", client::Error::Kind::service)
      .value("lost", client::Error::Kind::lost);
  py::enum_<protocol::errc>(m, "Errc", "The protocol's error codes (protocol/errc.hpp).")
      .value("overloaded", protocol::errc::overloaded)
      .value("sandbox_failed", protocol::errc::sandbox_failed)
      .value("audit_failed", protocol::errc::audit_failed)
      .value("invalid_request", protocol::errc::invalid_request)
      .value("worker_lost", protocol::errc::worker_lost)
      .value("unauthenticated", protocol::errc::unauthenticated)
      .value("internal", protocol::errc::internal)
      .value("unavailable", protocol::errc::unavailable);

  native_error = PyErr_NewExceptionWithDoc(
      "mai_sandbox._native.NativeError",
      "A failure of the C++ client: args are (message, ErrorKind, Errc or None).", PyExc_Exception,
      nullptr);
  m.add_object("NativeError", py::handle(native_error));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const client::Error& e) {
      PyErr_SetObject(native_error, error_args(e).ptr());
    }
  });

  py::class_<NativeClient>(m, "Client", "One connection to a mai-sandbox service.")
      .def(py::init(&make_client), py::arg("server"), py::arg("cert"), py::arg("key"),
           py::arg("ca"), py::arg("connect_timeout_ms"), py::arg("heartbeat_interval_ms"),
           py::arg("heartbeat_timeout_ms"))
      .def("submit", &submit, py::arg("request"), py::arg("on_stats"))
      .def("submit_async", &submit_async, py::arg("request"), py::arg("on_stats"),
           py::arg("on_done"))
      .def("assess", &assess, py::arg("code"), py::arg("language"), py::arg("origin"))
      .def("status", &status)
      .def("close", &NativeClient::close)
      .def_property_readonly("connected", &NativeClient::connected);
}
