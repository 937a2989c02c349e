#include "assess/key_destination.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "assess/taint.hpp"
#include "assess/value.hpp"

namespace mai::assess {
namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// The host of a URL or "host:port" target, lower case ("" when unknown).
std::string host_of(const std::string& target) {
  std::string host = target;
  size_t scheme = host.find("://");
  if (scheme != std::string::npos) host = host.substr(scheme + 3);
  // a value right after a written host is its path (f"https://api.github.com{path}")
  host = host.substr(0, host.find_first_of(std::string("/?#") + kUnknownPart));
  size_t at = host.rfind('@');
  if (at != std::string::npos) host = host.substr(at + 1);
  if (!host.empty() && host[0] == '[') return lower(host.substr(0, host.find(']') + 1));  // [v6]
  host = host.substr(0, host.find(':'));
  if (is_partial(host)) return {};
  return lower(host);
}

// The path of a URL target ("/api/v4/projects"), without its query; empty when none is known.
std::string path_of(const std::string& target) {
  size_t scheme = target.find("://");
  size_t slash = target.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (slash == std::string::npos) return {};
  return target.substr(slash, target.find_first_of("?#", slash) - slash);
}

bool numeric_v4(const std::string& host) {
  return !host.empty() && host.find_first_not_of("0123456789.") == std::string::npos;
}

// Loopback, private and link-local addresses are the user's own network (a
// self-hosted service, a local model server); other numeric hosts are not
// an API anybody publishes a key for.
bool own_network(const std::string& host) {
  if (host == "localhost" || host == "[::1]") return true;
  if (!numeric_v4(host)) return false;
  unsigned a = 0, b = 0;
  if (std::sscanf(host.c_str(), "%u.%u", &a, &b) != 2) return false;
  return a == 127 || a == 10 || (a == 192 && b == 168) || (a == 172 && b >= 16 && b <= 31) ||
         (a == 169 && b == 254);
}

bool public_numeric(const std::string& host) {
  return (numeric_v4(host) || (!host.empty() && host[0] == '[')) && !own_network(host);
}

// Words of a variable's name that name no API.
bool generic_word(const std::string& w) {
  static const char* const generic[] = {"api", "key", "token", "secret", "access", "pat", "auth", "password",
                                        "client", "private", "bearer", "session", "oauth", "app", "user", "id",
                                        "bot",
                                        // what the key may do, not whose it is (PD_ROUTING_KEY, DD_INGEST_KEY)
                                        "routing", "integration", "ingest", "service", "write", "read", "admin",
                                        "deploy", "publish"};
  for (const char* g : generic)
    if (w == g) return true;
  return false;
}

// A key file's name as a variable's name would spell it: the last two
// components of the path, words joined by '_' (~/.github.api.key ->
// "github_api_key", ~/.config/openai/token -> "openai_token").
std::string key_file_name(const std::string& path) {
  size_t last = path.rfind('/');
  size_t parent = last == std::string::npos || last == 0 ? std::string::npos : path.rfind('/', last - 1);
  std::string tail = path.substr(parent == std::string::npos ? 0 : parent + 1);
  std::string name;
  for (char c : tail) {
    bool word = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (word) name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!name.empty() && name.back() != '_') name += '_';
  }
  return name;
}

// The names of the secret environment variables in the chain of `head`; when
// there are none, the names of the files the secret was read from (a token
// kept in ~/.github.api.key where GITHUB_TOKEN is not set). `reads`: the
// names each read may have been (several where its variable is one of them).
struct SecretNames {
  std::vector<std::string> names;
  std::vector<std::vector<std::string>> reads;
};

SecretNames secret_names(const EffectLog& log, int32_t head) {
  static const std::string env_prefix = "reads the secret environment variable ";
  SecretNames out;
  std::vector<std::string> files;
  for (const Evidence* ev : log.chain(head, 16)) {
    if (ev->what.rfind(env_prefix, 0) == 0) {
      std::string listed = lower(ev->what.substr(env_prefix.size()));
      auto& read = out.reads.emplace_back();
      for (size_t p = 0;;) {
        size_t q = listed.find(kEnvNameAlternatives, p);
        read.push_back(listed.substr(p, q == std::string::npos ? q : q - p));
        out.names.push_back(read.back());
        if (q == std::string::npos) break;
        p = q + std::strlen(kEnvNameAlternatives);
      }
    }
    if (ev->what.rfind(kCredentialPrintedBy, 0) == 0) {
      out.names.push_back(lower(ev->what.substr(std::strlen(kCredentialPrintedBy))));
      out.reads.push_back({out.names.back()});
    }
    for (const char* file_prefix : {"opens ", "reads "})
      if (ev->what.rfind(file_prefix, 0) == 0) files.push_back(key_file_name(ev->what.substr(std::strlen(file_prefix))));
  }
  if (out.names.empty())
    for (auto& f : files) {
      out.reads.push_back({f});
      out.names.push_back(std::move(f));
    }
  return out;
}

// A URL whose last path segment is an API's sign-in or token endpoint
// (/v1/auth/token, /oauth/token, /login, /sessions): a key sent there is
// exchanged for a session, which is what the key is for.
bool token_endpoint(const std::string& target) {
  size_t scheme = target.find("://");
  size_t path = target.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  if (path == std::string::npos) return false;
  std::string p = target.substr(path, target.find_first_of("?#", path) - path);
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  std::string last = lower(p.substr(p.rfind('/') + 1));
  if (last.empty() || is_partial(last)) return false;
  static const char* const endpoints[] = {"token", "tokens", "access_token", "access-token", "login", "signin",
                                          "sign-in", "sign_in", "authenticate", "auth", "session", "sessions"};
  for (const char* name : endpoints)
    if (last == name) return true;
  return false;
}

// Whether `word` abbreviates a word of `name` the way names are shortened:
// its first letter, then the rest of its letters in order (ctl, controllers;
// svc, service).
bool abbreviates(const std::string& word, const std::string& name) {
  for (size_t start = 0; start < name.size(); ++start) {
    if ((start > 0 && name[start - 1] != '_') || name[start] != word[0]) continue;
    size_t w = 1;
    for (size_t i = start + 1; i < name.size() && name[i] != '_' && w < word.size(); ++i)
      if (name[i] == word[w]) ++w;
    if (w == word.size()) return true;
  }
  return false;
}

// What an environment key's name says about a host: whether it names the
// host's API (a word of it in the host name, or its vendor's host), a vendor,
// anything specific at all, or a bot.
struct NameReading {
  bool named = false, matches = false, vendor_named = false, bot_word = false;
};

NameReading read_name(const std::string& name, const std::string& host, const std::string& path,
                      const LibraryModel& model, const std::vector<std::string>* host_names) {
  NameReading r;
  size_t p = 0;
  while (p <= name.size()) {
    size_t q = name.find('_', p);
    if (q == std::string::npos) q = name.size();
    std::string word = name.substr(p, q - p);
    p = q + 1;
    if (auto vendor_host = model.key_vendor_host(word, host)) {
      r.vendor_named = true;
      if (*vendor_host || model.key_vendor_path(word, path)) r.matches = true;
      continue;
    }
    if (word == "bot") r.bot_word = true;
    if (word.size() < 3 || generic_word(word)) continue;
    r.named = true;
    if (host.find(word) != std::string::npos) r.matches = true;
    // the variable that held the host is named for the same thing as the key
    // (CTL_API_TOKEN to an address of CONTROLLERS: a word may abbreviate it)
    if (host_names)
      for (const auto& held_by : *host_names)
        if (held_by.find(word) != std::string::npos || abbreviates(word, held_by)) r.matches = true;
  }
  return r;
}

// The secrets a request carries: its data's (the secret may ride in the
// URL, a bot API's /bot<token>/, while the data's own chain starts at
// something else, a reply's downloaded text) and those of the other keys
// beside it (two keys in one request's headers).
SecretNames secrets_sent(const EffectLog& log, const Effect& e) {
  SecretNames read = secret_names(log, e.data_ev);
  std::vector<int32_t> heads = e.secret_evs;
  heads.push_back(e.target_ev);
  for (int32_t head : heads) {
    if (head < 0 || head == e.data_ev) continue;
    SecretNames more = secret_names(log, head);
    for (auto& r : more.reads)
      if (std::find(read.reads.begin(), read.reads.end(), r) == read.reads.end()) read.reads.push_back(std::move(r));
    for (auto& n : more.names)
      if (std::find(read.names.begin(), read.names.end(), n) == read.names.end()) read.names.push_back(std::move(n));
  }
  return read;
}

bool carries_env_secret(const Effect& e) {
  return (e.kind == Eff::net_send || e.kind == Eff::net_request) && (e.data_taint & kEnvSecret);
}

KeyDestination destination_of(const EffectLog& log, const LibraryModel& model, const Effect& e, SecretNames read);

}  // namespace

void note_host_names(EffectLog& log, std::string_view variable, std::string_view text) {
  if (variable.empty() || text.size() < 4 || text.size() > 2048 || text.find('.') == std::string_view::npos) return;
  const std::string name = lower(std::string(variable));
  size_t p = 0;
  while (p < text.size()) {
    size_t q = text.find_first_of(" \t\n,\x1f", p);
    if (q == std::string_view::npos) q = text.size();
    std::string_view piece = text.substr(p, q - p);
    p = q + 1;
    // an associative array's element: [trailer1]=198.51.100.11
    if (!piece.empty() && piece[0] == '[' && piece.find("]=") != std::string_view::npos)
      piece = piece.substr(piece.find("]=") + 2);
    // a URL, or a bare name or address ("198.51.100.31", "nas.local:8443"), not a path or a sentence
    const bool url = piece.find("://") != std::string_view::npos;
    if (!url && (piece.find('.') == std::string_view::npos ||
                 piece.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:") !=
                     std::string_view::npos))
      continue;
    std::string host = host_of(std::string(piece));
    if (!host.empty() && host.find('.') != std::string::npos) log.name_host(host, name);
  }
}

void settle_key_destinations(EffectLog& log, const LibraryModel& model) {
  std::set<std::pair<std::string, std::string>> authenticated;  // (host, secret's name)
  std::vector<std::pair<Effect*, std::vector<std::string>>> undecided;
  const uint32_t more_than_a_key = kEnvAll | kSecretFile | kHistory;
  for (Effect& e : log.mutable_effects()) {
    if (!carries_env_secret(e)) continue;
    SecretNames sent = secrets_sent(log, e);
    std::vector<std::string> names = sent.names;
    KeyDestination d = destination_of(log, model, e, std::move(sent));
    if (d == KeyDestination::not_its_api) e.flags &= ~kAuthHeader;
    else if (d == KeyDestination::its_api && !(e.data_taint & more_than_a_key)) e.flags |= kAuthHeader;
    const std::string host = host_of(e.target);
    if (host.empty() || d == KeyDestination::not_its_api || names.empty()) continue;
    if (e.flags & kAuthHeader)
      for (const auto& n : names) authenticated.emplace(host, n);
    else if (!(e.data_taint & more_than_a_key))
      undecided.emplace_back(&e, std::move(names));
  }
  // A secret that authenticated to a host is that host's key: the same
  // secret, or what the host answered to it (a session token it handed
  // back), sent there again in a body goes nowhere new.
  for (auto& [e, names] : undecided) {
    const std::string host = host_of(e->target);
    if (std::all_of(names.begin(), names.end(), [&](const std::string& n) { return authenticated.count({host, n}) > 0; }))
      e->flags |= kAuthHeader;
  }
}

KeyDestination key_destination(const EffectLog& log, const LibraryModel& model, const Effect& e) {
  return destination_of(log, model, e, secrets_sent(log, e));
}

namespace {

// key_destination, given the secrets the request carries.
KeyDestination destination_of(const EffectLog& log, const LibraryModel& model, const Effect& e, SecretNames read) {
  std::string host = host_of(e.target);
  if (host.empty()) return KeyDestination::unknown;
  // the names the host was known by: variables that held it, and the
  // environment variable it was read from (INVERTER_HOST)
  std::vector<std::string> known_as;
  if (const auto* held = log.host_names(host)) known_as = *held;
  static const std::string env_prefix = "reads the environment variable ";
  for (const Evidence* ev : log.chain(e.target_ev, 16))
    if (ev->what.rfind(env_prefix, 0) == 0) known_as.push_back(lower(ev->what.substr(env_prefix.size())));
  const std::vector<std::string>* host_names = &known_as;
  const std::string path = path_of(e.target);
  bool collector = model.exfil_host(e.target);
  bool attacker_host = collector || public_numeric(host);
  std::vector<std::string>& names = read.names;
  if (names.empty()) return attacker_host ? KeyDestination::not_its_api : KeyDestination::unknown;
  // A key only in the request's authentication, read from one of several
  // variables (the forge's token picked with its URL from one table:
  // GITHUB_TOKEN for api.github.com, GITLAB_TOKEN for gitlab.com), is the one
  // of this host's API when one of them is; every key read must be.
  bool alternatives = false, each_read_its_api = true;
  for (const auto& alts : read.reads) {
    alternatives |= alts.size() > 1;
    each_read_its_api &= std::any_of(alts.begin(), alts.end(),
                                     [&](const std::string& n) { return read_name(n, host, path, model, host_names).matches; });
  }
  if ((e.flags & kAuthHeader) && alternatives && each_read_its_api && !attacker_host) return KeyDestination::its_api;
  std::vector<NameReading> readings;
  for (const std::string& name : names) readings.push_back(read_name(name, host, path, model, host_names));
  bool all_its_api = true;
  for (const NameReading& r : readings) {
    if (r.matches) continue;  // the key of this host's API (DISCORD_TOKEN to discord.com too)
    // A bot's token (BUILDHOST_BOT_TOKEN) to a chat bot API: that is where a
    // bot's key goes, whatever the bot is called.
    if (r.bot_word && !r.vendor_named && model.bot_api(e.target)) continue;
    if (r.vendor_named && !own_network(host)) return KeyDestination::not_its_api;
    if (public_numeric(host)) return KeyDestination::not_its_api;
    // A chat bot API is where a bot's key goes, whatever generic name it has
    // (BOT_TOKEN to api.telegram.org); a key named for something else is not its.
    if (collector && (r.named || !model.bot_api(e.target))) return KeyDestination::not_its_api;
    // A name of generic words only (API_KEY, ACCESS_TOKEN) is the key of
    // whatever API the program talks to: a named host is that API.
    if (r.named || numeric_v4(host) || host[0] == '[') all_its_api = false;
  }
  return all_its_api || token_endpoint(e.target) ? KeyDestination::its_api : KeyDestination::unknown;
}

}  // namespace
}  // namespace mai::assess
