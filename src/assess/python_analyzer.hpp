// The structural pass over Python: resolves imports and aliases (`import os as
// o`, `from x import y as z`, `__import__`, `importlib.import_module`,
// `getattr(m, 'sys'+'tem')`, `__builtins__.__dict__['eval']`, `globals()[..]`,
// `sys.modules[..]`, star imports), follows attribute chains and call results
// (`socket.socket().connect`), and propagates string constants (assignment,
// concatenation, join, format, %, f-strings, slicing and reversal, chr/bytes,
// comprehensions over constants, and the base64/hex/rot13/zlib decoders).
// It reports Observations to an Analysis; nested code it can see (strings given
// to exec/eval, shell command lines given to os.system/subprocess, decoded
// payloads) is analyzed in turn. Comments and docstrings yield nothing.
#pragma once
#include <string_view>

#include "assess/analysis.hpp"

namespace mai::assess {

void analyze_python(std::string_view code, Analysis& a);

}  // namespace mai::assess
