// How Mai's own C++ code submits to a mai-sandbox service: connect (mutual
// TLS), submit, watch live samples, read the result.
//
//   build/bin/mai-client-example HOST:PORT CERT KEY CA program.py
//   build/bin/mai-client-example 127.0.0.1:PORT program.py        (plain, loopback)
#include <fstream>
#include <iostream>
#include <sstream>

#include "mai_sandbox_client.hpp"

int main(int argc, char** argv) {
  if (argc != 3 && argc != 6) {
    std::cerr << "usage: " << argv[0] << " HOST:PORT [CERT KEY CA] PROGRAM.py\n";
    return 2;
  }
  mai::client::Options options;
  options.server = argv[1];
  if (argc == 6) {
    options.tls_cert = argv[2];
    options.tls_key = argv[3];
    options.tls_ca = argv[4];
  }
  std::ifstream in(argv[argc - 1]);
  std::stringstream code;
  code << in.rdbuf();

  mai::Submission submission;
  submission.code = code.str();
  submission.filename = argv[argc - 1];
  submission.origin = mai::Origin::mai;
  submission.trust = mai::TrustLevel::untrusted;
  try {
    auto client = mai::client::Client::connect(options);
    auto result = client->submit(submission, [](const mai::ResourceSample& s) {
      std::cerr << "live: " << s.memory_bytes / 1024 << " KiB, " << s.cpu_ms << " ms CPU\n";
    });
    std::cout << "status " << mai::to_string(result.status) << ", level "
              << mai::to_string(result.assessment.level) << "\n";
    if (result.execution) std::cout << result.execution->stdout_data;
    if (result.error) std::cout << "error " << result.error->code << ": " << result.error->message << "\n";
    return result.execution ? result.execution->exit_code : 1;
  } catch (const mai::client::Error& e) {
    std::cerr << "mai-client-example: " << e.what() << "\n";
    return 125;
  }
}
