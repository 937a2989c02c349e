// Shell commands as effects, one mechanism for the Bash front end and for
// every command Python starts (subprocess argv lists, os.system lines): an
// argv of abstract words plus its standard streams gives effects (files,
// network, privilege, administration, security controls, persistence,
// nested code) and what the command writes on stdout.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "assess/context.hpp"

namespace mai::assess {

struct CommandIo {
  uint32_t stdin_taint = 0;  // what flows into stdin (a pipe, a here-document, a redirected file)
  int32_t stdin_ev = -1;
  std::string stdin_text;    // known text on stdin (here-document, echo piped)
  bool stdin_known = false;
  bool stdin_socket = false;   // stdin reads from a network connection
  bool stdout_socket = false;  // stdout goes to a network connection
  bool stdout_piped = false;   // stdout feeds a later command of a pipeline
  std::string stdout_sink;     // the command it feeds (pipeline), for messages
};

struct CommandResult {
  uint32_t stdout_taint = 0;
  int32_t stdout_ev = -1;
  std::string stdout_text;  // known output (echo, printf, base64 -d of a constant)
  bool stdout_known = false;
  bool interactive_shell = false;  // a shell or interpreter reading commands from stdin
  bool network = false;            // a live network connection on its stdio (nc, socat)
};

// Runs the model of one command (argv[0] may be a path; wrappers like sudo,
// env, nohup are peeled and recorded).
CommandResult run_command(const std::vector<Word>& argv, const CommandIo& io, Ctx& ctx, const Site& site);

// A line for cmd.exe or PowerShell (os.system("powershell -c IEX (...)") on
// Windows) is not POSIX shell: when its first word names one of them, the
// line is split on blanks outside double quotes and run as that command.
// Returns false for any other line (the caller parses it as shell).
bool run_windows_line(std::string_view line, Ctx& ctx, const Site& site, uint32_t taint, int32_t ev);

// The command name of a path ("/usr/bin/python3.11" -> "python3.11").
std::string command_basename(std::string_view word);

// Whether the shell (`shell`) or interpreter `argv` runs the program it reads
// on its standard input: no code option (-c, -e, -m), and no script operand
// or the script "-" or /dev/stdin (bash -s too). What is written to such a
// command's stdin is code; a script's is data.
bool takes_program_on_stdin(const std::vector<Word>& argv, const CommandSpec& spec, bool shell);

// Whether a one-line program's text evaluates code (eval, exec, compile, new Function).
bool evaluates_code(const std::string& program_text);

// An interpreter that runs the script file named as its first operand
// (python3 FILE, bash FILE): how a program starts a copy of itself.
bool runs_script(const std::string& command_name);

// A script this code wrote, run with arguments (bash helper.sh "$@"): the
// shell interpreter with those as its $1, $2, $@, and `stdin` as what its
// standard input carries (a PAM helper's is the password typed at login).
// `dollar0`: its $0 where the caller gives one (sh -c CODE NAME ARGS...).
void interpret_shell_script(std::string_view code, Ctx& ctx, const Site* site, const char* via, uint32_t taint,
                            int32_t ev, std::vector<Word> args, const CommandIo& stdin = CommandIo{},
                            std::optional<Word> dollar0 = std::nullopt);

}  // namespace mai::assess
