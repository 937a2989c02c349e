#include "model/program_files.hpp"

#include <array>

namespace mai {

namespace {

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() > tail.size() && s.substr(s.size() - tail.size()) == tail;
}

std::string_view basename(std::string_view path) {
  auto slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::optional<Language> language_of_name(std::string_view name) {
  for (std::string_view ext : {".py", ".pyw"})
    if (ends_with(name, ext)) return Language::python;
  for (std::string_view ext : {".sh", ".bash", ".zsh", ".ksh"})
    if (ends_with(name, ext)) return Language::shell;
  return std::nullopt;
}

std::optional<Language> language_of_shebang(std::string_view data) {
  if (data.substr(0, 2) != "#!") return std::nullopt;
  std::string_view line = data.substr(2);
  line = line.substr(0, line.find('\n'));
  // "#! /usr/bin/env -S python3 -u": the first word, or env's first non-option word.
  auto words = [&line]() {
    std::array<std::string_view, 8> out{};
    size_t n = 0, i = 0;
    while (n < out.size() && i < line.size()) {
      while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
      size_t start = i;
      while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') ++i;
      if (i > start) out[n++] = line.substr(start, i - start);
    }
    return out;
  }();
  std::string_view interpreter = basename(words[0]);
  if (interpreter == "env")
    for (size_t k = 1; k < words.size() && !words[k].empty(); ++k)
      if (words[k][0] != '-' && words[k].find('=') == std::string_view::npos) {
        interpreter = basename(words[k]);
        break;
      }
  if (interpreter.substr(0, 6) == "python" || interpreter.substr(0, 4) == "pypy") return Language::python;
  for (std::string_view sh : {"sh", "bash", "dash", "zsh", "ksh", "ash", "mksh", "busybox"})
    if (interpreter == sh) return Language::shell;
  return std::nullopt;
}

bool is_compiled_program(std::string_view name, std::string_view data) {
  if (data.substr(0, 4) == std::string_view("\x7f" "ELF", 4)) return true;
  return ends_with(name, ".pyc") || ends_with(name, ".pyo") || ends_with(name, ".so");
}

}  // namespace mai
