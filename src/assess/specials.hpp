// Behaviours of library calls that the Python interpreter implements itself
// (string building, decoding, reflection, paths, the environment...). The
// library model names them (`special: getattr`); this list is the one place
// that says which names exist.
#pragma once
#include <cstdint>
#include <string_view>

namespace mai::assess {

#define MAI_PY_SPECIALS(X)                                                                                    \
  X(import_module) X(getattr) X(setattr) X(hasattr) X(globals) X(vars) X(str) X(bytes) X(chr) X(ord) X(join_path)       \
  X(expanduser) X(expandvars) X(basename) X(dirname) X(decode_base64) X(decode_base32) X(decode_base85)       \
  X(decode_hex) X(decode_qp) X(decode_percent) X(decode_codec) X(decompress) X(encode) X(list) X(tuple) X(dict) X(set) X(reversed) X(sorted)  \
  X(map) X(filter) X(zip) X(enumerate) X(range) X(len) X(repr) X(next) X(env_get) X(env_all)           \
  X(env_items) X(env_set) X(path) X(path_home) X(path_cwd) X(identity) X(partial) X(fileno) X(dup2) X(walk)   \
  X(glob) X(listdir) X(encrypt) X(argv) X(sys_modules) X(builtins_dict) X(compile) X(super) X(accept)         \
  X(popen_input) X(request) X(dumps) X(loads) X(yaml_loads) X(ini_loads) X(ini_dict) X(ini_section) X(ini_typed) X(ini_new) X(app_signal) X(signal_append) X(str_template) X(template_substitute) X(shell_quote) X(defaultdict) X(instance_dict) X(dataclass_field) X(cli_option) X(urljoin) X(input) X(exec_map) X(starmap) X(chain) X(chain_from_iterable) X(socket_new) X(open_file) X(read_file) X(cwd)        \
  X(path_attr) X(xor_bytes) X(self_exe) X(format_str) X(sql_text) X(first_arg) X(chdir) X(unmarshal) X(re_sub) X(re_split) X(shell_split) X(run_path) \
  X(temp_file) X(temp_fd) X(import_dir) X(stream_pair) X(argparse) X(docker_run) X(log_handler) X(log_record) X(requirements) X(native_library) X(fixed_file) X(reduce) X(operator_fn) X(method_caller) X(caller_call) X(exception_text) X(select_ready) X(selector_register) X(selector_key) X(selector_select) X(poll_ready) X(subclasses) X(url_query) X(jinja_render) X(popen_output) X(queue_get) X(temp_dir) X(stdout_print) X(loader_spec) X(gather) X(type_of) X(dir_names) X(caching_decorator) X(relpath) X(dedent)

enum class Special : uint8_t {
  none,
#define MAI_X(n) n,
  MAI_PY_SPECIALS(MAI_X)
#undef MAI_X
};

inline Special special_from_name(std::string_view n) {
#define MAI_X(s) \
  if (n == #s) return Special::s;
  MAI_PY_SPECIALS(MAI_X)
#undef MAI_X
  return Special::none;
}

}  // namespace mai::assess
