// mai-config-compile IN OUT: a build-time tool. Parses the YAML file IN and
// writes its compiled tree (config/yaml_tree.hpp) to OUT, which the build
// embeds so that the binary reads its built-in configuration without parsing.
#include <fstream>
#include <iostream>
#include <sstream>

#include "common/error.hpp"
#include "config/yaml_tree.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: mai-config-compile IN.yaml OUT.tree\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::cerr << "mai-config-compile: cannot read " << argv[1] << "\n";
    return 1;
  }
  std::stringstream text;
  text << in.rdbuf();
  try {
    std::string name = argv[1];
    name = name.substr(name.find_last_of('/') + 1);
    std::string bytes = mai::config::YamlTree::parse("(built-in)/" + name, text.str())->serialize();
    std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out.flush()) {
      std::cerr << "mai-config-compile: cannot write " << argv[2] << "\n";
      return 1;
    }
  } catch (const std::exception& e) {
    std::cerr << "mai-config-compile: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
