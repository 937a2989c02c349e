// A submission from the keyword arguments the Python layer collected.
#pragma once
#include <pybind11/pybind11.h>

#include "model/submission.hpp"

namespace mai::python {

namespace py = pybind11;

// `request` holds exactly the keys of mai_sandbox/_native.pyi's Request; an
// unknown key, a wrong type or an unknown spelling raises ValueError or
// TypeError naming it. Needs the GIL.
Submission to_submission(const py::dict& request);

}  // namespace mai::python
