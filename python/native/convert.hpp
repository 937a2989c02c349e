// Results into Python objects: the contract's JSON form (the same object
// `mai-sandbox run --json` prints, see schemas/) as dicts, lists and scalars.
#pragma once
#include <pybind11/pybind11.h>

#include "common/json.hpp"
#include "mai_sandbox_client.hpp"

namespace mai::python {

namespace py = pybind11;

// Needs the GIL. Strings that are not UTF-8 keep their bytes as surrogate escapes.
py::object to_python(const json& value);

// The result's JSON form, plus each returned file's bytes as `content`
// (bytes) in its execution.files entry: the JSON never carries them.
py::object result_to_python(const RunResult& result);

py::dict status_to_python(const client::ServiceStatus& status);

}  // namespace mai::python
