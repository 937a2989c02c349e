// A request to assess and run a piece of code, as it enters the gateway.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/enums.hpp"
#include "model/limits.hpp"
#include "model/run_files.hpp"

namespace mai {

struct Submission {
  std::string request_id;  // assigned by the gateway when empty
  std::string code;
  std::string filename;  // as given by the user ("-" for standard input)
  Language language = Language::python;
  TrustLevel trust = TrustLevel::unknown;
  Origin origin = Origin::external;
  std::optional<Backend> backend;  // nullopt: the configured default
  NetworkMode network = NetworkMode::none;
  LimitRequest limits;
  std::string override_reason;  // non-empty: run even if BLOCKED
  std::string client;           // who submitted: "local:root" or a certificate subject
  std::string parent_request_id;
  std::vector<InputFile> inputs;  // copied into /sandbox before the code starts
  FileRequest files;              // what to bring back of the files the code wrote
};

}  // namespace mai
