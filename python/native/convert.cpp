#include "convert.hpp"

#include "model/json_codec.hpp"

namespace mai::python {

namespace {

py::str text(const std::string& s) {
  PyObject* out = PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "surrogateescape");
  if (!out) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(out);
}

py::list texts(const std::vector<std::string>& v) {
  py::list out;
  for (const auto& s : v) out.append(text(s));
  return out;
}

}  // namespace

py::object to_python(const json& value) {
  switch (value.type()) {
    case json::value_t::null: return py::none();
    case json::value_t::boolean: return py::bool_(value.get<bool>());
    case json::value_t::number_integer: return py::int_(value.get<int64_t>());
    case json::value_t::number_unsigned: return py::int_(value.get<uint64_t>());
    case json::value_t::number_float: return py::float_(value.get<double>());
    case json::value_t::string: return text(value.get_ref<const std::string&>());
    case json::value_t::array: {
      py::list out;
      for (const auto& item : value) out.append(to_python(item));
      return std::move(out);
    }
    case json::value_t::object: {
      py::dict out;
      for (const auto& [key, item] : value.items()) out[text(key)] = to_python(item);
      return std::move(out);
    }
    default: break;  // binary and discarded values never occur in a result
  }
  throw std::logic_error("a result held a JSON value of no JSON type");
}

py::object result_to_python(const RunResult& result) {
  py::object out = to_python(to_json(result));
  if (!result.execution) return out;
  py::list files = out["execution"]["files"];
  const auto& records = result.execution->files.files;
  for (size_t i = 0; i < records.size() && i < files.size(); ++i)
    if (records[i].content_included)
      files[i]["content"] = py::bytes(records[i].content.data(), records[i].content.size());
  return out;
}

py::dict status_to_python(const client::ServiceStatus& s) {
  py::list workers;
  for (const auto& w : s.workers) {
    py::dict d;
    d["id"] = text(w.id);
    d["name"] = text(w.name);
    d["active"] = w.active;
    d["slots"] = w.slots;
    d["running"] = w.running;
    d["cpus"] = w.cpus;
    d["memory_bytes"] = w.memory_bytes;
    d["placed_total"] = w.placed_total;
    d["since_heartbeat_ms"] = w.since_heartbeat_ms;
    d["backends"] = texts(w.backends);
    workers.append(d);
  }
  py::dict out;
  out["workers"] = workers;
  out["queued"] = s.queued;
  out["recent_failures"] = texts(s.recent_failures);
  out["healthy"] = s.healthy;
  out["problems"] = texts(s.problems);
  return out;
}

}  // namespace mai::python
