#include "request.hpp"

#include <functional>
#include <map>
#include <optional>
#include <string_view>

#include "model/enums.hpp"
#include "model/submission_check.hpp"
#include "run_files.hpp"

namespace mai::python {

namespace {

template <class T>
T parse(const py::handle& value, std::optional<T> (*parser)(std::string_view), const char* key) {
  auto spelling = value.cast<std::string>();
  auto parsed = parser(spelling);
  if (!parsed) throw py::value_error(std::string(key) + ": unknown value '" + spelling + "'");
  return *parsed;
}

template <class T>
std::optional<T> optional_number(const py::handle& value) {
  if (value.is_none()) return std::nullopt;
  return value.cast<T>();
}

// Bytes or str (str as UTF-8): code and text may be any bytes.
std::string bytes_of(const py::handle& value) { return value.cast<std::string>(); }

// What the client reads from local paths for one submission at most: the
// service's default files.max_inputs_size (its own cap applies either way).
constexpr uint64_t kMaxInputPathBytes = 64u << 20;

using Setter = std::function<void(Submission&, const py::handle&)>;

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table = {
      {"code", [](Submission& s, const py::handle& v) { s.code = bytes_of(v); }},
      {"filename", [](Submission& s, const py::handle& v) { s.filename = bytes_of(v); }},
      {"language",
       [](Submission& s, const py::handle& v) { s.language = parse(v, parse_language, "lang"); }},
      {"trust",
       [](Submission& s, const py::handle& v) { s.trust = parse(v, parse_trust_level, "trust"); }},
      {"origin",
       [](Submission& s, const py::handle& v) { s.origin = parse(v, parse_origin, "origin"); }},
      {"backend",
       [](Submission& s, const py::handle& v) {
         if (v.is_none())
           s.backend.reset();
         else
           s.backend = parse(v, parse_backend, "backend");
       }},
      {"network",
       [](Submission& s, const py::handle& v) {
         s.network = parse(v, parse_network_mode, "network");
       }},
      {"cpus", [](Submission& s, const py::handle& v) { s.limits.cpus = optional_number<double>(v); }},
      {"memory_bytes",
       [](Submission& s, const py::handle& v) {
         s.limits.memory_bytes = optional_number<uint64_t>(v);
       }},
      {"pids",
       [](Submission& s, const py::handle& v) { s.limits.pids = optional_number<uint32_t>(v); }},
      {"timeout_ms",
       [](Submission& s, const py::handle& v) {
         s.limits.timeout_ms = optional_number<uint64_t>(v);
       }},
      {"override_reason",
       [](Submission& s, const py::handle& v) {
         s.override_reason = v.is_none() ? std::string() : bytes_of(v);
       }},
      {"parent",
       [](Submission& s, const py::handle& v) {
         s.parent_request_id = v.is_none() ? std::string() : bytes_of(v);
       }},
      // [(name, bytes)]: inputs given by content.
      {"inputs",
       [](Submission& s, const py::handle& v) {
         for (const auto& item : v.cast<py::list>()) {
           auto pair = item.cast<py::tuple>();
           if (pair.size() != 2) throw py::cast_error();
           s.inputs.push_back({bytes_of(pair[0]), bytes_of(pair[1])});
         }
       }},
      // ["PATH=NAME"]: local files or directories, read as the CLI's --input reads them.
      {"input_paths",
       [](Submission& s, const py::handle& v) {
         std::vector<std::string> specs;
         for (const auto& spec : v.cast<py::list>()) specs.push_back(bytes_of(spec));
         try {
           for (auto& in : client::read_inputs(specs, kMaxInputPathBytes)) s.inputs.push_back(std::move(in));
         } catch (const client::Error& e) {
           throw py::value_error(std::string("files: ") + e.what());
         }
       }},
      {"collect_tmp", [](Submission& s, const py::handle& v) { s.files.collect_tmp = v.cast<bool>(); }},
      {"return_contents",
       [](Submission& s, const py::handle& v) { s.files.return_contents = v.cast<bool>(); }},
  };
  return table;
}

}  // namespace

Submission to_submission(const py::dict& request) {
  Submission s;
  s.origin = Origin::mai;  // this client is Mai's
  for (const auto& [key, value] : request) {
    auto name = key.cast<std::string>();
    auto it = setters().find(name);
    if (it == setters().end()) throw py::value_error("unknown request field '" + name + "'");
    try {
      it->second(s, value);
    } catch (const py::cast_error&) {
      throw py::type_error("request field '" + name + "' has the wrong type (" +
                           std::string(py::str(py::type::of(value))) + ")");
    }
  }
  // The checks the CLI and the service apply to input names.
  if (auto problem = check_input_names(s.inputs)) throw py::value_error("files: " + *problem);
  return s;
}

}  // namespace mai::python
