// Taint labels: where a value's data came from. They travel with abstract
// values through the interpreters (Python and shell alike) and the verdict
// rules test them at the sinks (config/assessment.yaml names them).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mai::assess {

constexpr uint32_t kSecretFile = 1u << 0;   // content of a credential store (ssh keys, cloud, browser, keyrings, shadow)
constexpr uint32_t kEnvSecret = 1u << 1;    // one environment variable whose name says it is a secret
constexpr uint32_t kEnvAll = 1u << 2;       // the whole environment (os.environ, its copy, its items)
constexpr uint32_t kEnv = 1u << 3;          // some environment variable
constexpr uint32_t kHistory = 1u << 4;      // shell or tool history
constexpr uint32_t kKeys = 1u << 5;         // keystrokes
constexpr uint32_t kClipboard = 1u << 6;    // clipboard content
constexpr uint32_t kScreen = 1u << 7;       // screenshots, camera, microphone
constexpr uint32_t kSysinfo = 1u << 8;      // host and user identity (hostname, user name, addresses)
constexpr uint32_t kUserFile = 1u << 9;     // a user's files outside the working directory
constexpr uint32_t kDownloaded = 1u << 10;  // data received from the network
constexpr uint32_t kDecoded = 1u << 11;     // output of base64/hex/zlib/... decoding
constexpr uint32_t kObfuscated = 1u << 12;  // built by chr() arithmetic, reversal, rot13, XOR
constexpr uint32_t kEncrypted = 1u << 13;   // output of a cipher
constexpr uint32_t kSockFd = 1u << 14;      // a socket or its file descriptor
constexpr uint32_t kWalked = 1u << 15;      // a path found by walking a directory tree
constexpr uint32_t kShellIo = 1u << 16;     // the input or output of an interactive shell process
constexpr uint32_t kSelf = 1u << 17;        // this program's own path (sys.argv[0], __file__, $0)
constexpr uint32_t kPassword = 1u << 18;    // a password or token typed or named as such
constexpr uint32_t kUserInput = 1u << 19;   // input(), sys.argv, request parameters
constexpr uint32_t kFileData = 1u << 20;    // content of some file
constexpr uint32_t kHiddenName = 1u << 21;  // a function looked up by a decoded or obfuscated name
constexpr uint32_t kConstData = 1u << 22;   // derived from constant data written in the code
constexpr uint32_t kFormatted = 1u << 23;   // text built by formatting or concatenation with values
constexpr uint32_t kUserName = 1u << 24;    // who runs the code (getpass.getuser, $USER), with kSysinfo
constexpr uint32_t kHostName = 1u << 25;    // which machine it is (hostname, uname, MAC), with kSysinfo
constexpr uint32_t kUnpredictable = 1u << 26;  // a random name (uuid4, secrets, a named temporary file): nobody can guess it
constexpr uint32_t kOption = 1u << 27;  // a command-line option's value or default, a config lookup's fallback: the user may change it
constexpr uint32_t kWebRequest = 1u << 28;  // a web request's parameters, body or headers: anyone who reaches the server picks them
constexpr uint32_t kPty = 1u << 29;  // a pseudo-terminal or socket pair (os.openpty, socket.socketpair): a shell on it makes it kShellIo
constexpr uint32_t kIntercepted = 1u << 30;  // what other people's traffic through a proxy carries (forms, bodies, cookies)
constexpr uint32_t kEncoded = 1u << 31;  // base64, base32, hex or a compressor's output: data made to pass as text
constexpr uint32_t kCount = 32;  // how many labels

// A secret in a request's authentication (a header, `auth=`, curl -H/-u) is
// authentication, not theft, unless the same secret is also in what is sent.
// Only the secret labels count: a body that carries some other environment
// value (a model name, a URL) does not turn the key into exfiltration.
constexpr uint32_t kAuthSecrets = kEnvSecret | kPassword;
constexpr bool authentication_only(uint32_t auth_taint, uint32_t sent_taint) {
  return (auth_taint & kAuthSecrets) && !(sent_taint & auth_taint & kAuthSecrets);
}

// What a value chosen by a key carries of that key (KEYMAP[code] for a key
// code read from a keyboard): captured input only. A table indexed by a
// setting stays a constant, and counts kept per command of a history file
// (counts[word] += 1) stay counts.
constexpr uint32_t kLookupCarried = kKeys | kClipboard | kScreen;

// What the keys of a mapping read at run time do not carry of its values:
// the secrets. A credential store's keys name what it holds (registries,
// profiles, sites); the tokens and keys are the values.
constexpr uint32_t kValueSecrets = kSecretFile | kEnvSecret | kPassword;

// YAML name <-> bit ("secret_file", "env_secret", ...).
std::optional<uint32_t> taint_from_name(std::string_view name);
const char* taint_name(uint32_t single_bit);
// "SSH/cloud credentials, the environment" for messages.
std::string describe_taint(uint32_t bits);

}  // namespace mai::assess
