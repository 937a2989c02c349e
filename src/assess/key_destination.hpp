// Whether an environment secret sent over the network goes to the API it is
// the key of. The rubric: a key from the environment that goes only to its
// API is ordinary (LOW); an environment secret sent anywhere else is
// exfiltration (BLOCKED), wherever in the request it travels.
#pragma once
#include <string_view>

#include "assess/effects.hpp"
#include "assess/library_model.hpp"

namespace mai::assess {

// The evidence a stored credential printed by a client (`gcloud auth
// print-access-token`) starts with; the client's name follows and is read as
// an environment key's name is (its vendor's API is where it belongs).
inline constexpr const char* kCredentialPrintedBy = "a credential printed by ";

// Between the names of one read whose variable is one of several (the
// forge's token picked with its URL from one table): alternatives, not a
// combination.
inline constexpr const char* kEnvNameAlternatives = " or ";

enum class KeyDestination {
  unknown,      // nothing says either way: the request's shape decides (a header is authentication)
  its_api,      // the host is named after the key (GITHUB_TOKEN to api.github.com), or a generic key to a named host
  not_its_api,  // a host an attacker would choose: a public numeric address, a paste/tunnel/webhook-collector
                // service, or a host of another vendor than the one the key is named after
};

// Records `variable` as a name of each host `text` names (a URL, an address,
// a host name; several separated by blanks, commas or an array's separator):
// a key named for the same thing (CONTROLLER_TOKEN to the hosts in
// CONTROLLERS, INVERTER_PASSWORD to INVERTER_HOST) is that host's key even
// where the host is a bare address.
void note_host_names(EffectLog& log, std::string_view variable, std::string_view text);

// For a net_send/net_request effect carrying kEnvSecret: the names of the
// secret variables are read from its data's evidence chain.
KeyDestination key_destination(const EffectLog& log, const LibraryModel& model, const Effect& e);

// Sets or clears kAuthHeader on every request carrying an environment
// secret by where the secret goes (its API: authentication wherever in the
// request; a host an attacker would choose: never). A secret that has
// authenticated to a host is that host's key, so what it sends there in a
// body too (a session token the host handed back for it) is its as well.
void settle_key_destinations(EffectLog& log, const LibraryModel& model);

}  // namespace mai::assess
