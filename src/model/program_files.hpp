// Which files are programs, and in which language: one answer for the `run`
// and `assess` commands (the code's own file) and for the assessor (the
// inputs that travel with the code).
#pragma once
#include <optional>
#include <string_view>

#include "model/enums.hpp"

namespace mai {

// By the name's extension: .py/.pyw Python; .sh/.bash/.zsh/.ksh shell.
std::optional<Language> language_of_name(std::string_view name);

// By the first line, "#!": an interpreter named python..., or sh, bash,
// dash, zsh, ksh (directly or through env).
std::optional<Language> language_of_shebang(std::string_view data);

// A compiled program the assessor cannot read: ELF, Python bytecode (.pyc,
// .pyo), shared objects.
bool is_compiled_program(std::string_view name, std::string_view data);

}  // namespace mai
