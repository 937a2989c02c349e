// Test helper: prints the assessment JSON object (as `assess --json` does)
// of each file named on the command line, one object per line. Used by
// validate_schema.py to check schemas/assessment.schema.json without the CLI.
#include <fstream>
#include <iostream>
#include <sstream>

#include "assess/assessor.hpp"
#include "model/json_codec.hpp"

int main(int argc, char** argv) {
  using namespace mai;
  auto engine = assess::Assessor::from_config(config::Source(std::nullopt));
  for (int i = 1; i < argc; ++i) {
    std::string path = argv[i];
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    bool shell = path.size() > 3 && path.compare(path.size() - 3, 3, ".sh") == 0;
    auto a = engine.assess(ss.str(), shell ? Language::shell : Language::python, Origin::external);
    std::cout << to_json(a).dump() << "\n";
  }
  return 0;
}
