# Writes OUT: a table of {file name, contents} for every file in INPUTS. The
# contents are views of string literals: read in place, never copied.
set(body "#include <map>\n#include <string>\n#include <string_view>\nnamespace ${NAMESPACE} {\nconst std::map<std::string, std::string_view>& embedded_files() {\n  static const std::map<std::string, std::string_view> files = {\n")
string(REPLACE "," ";" INPUTS "${INPUTS}")
foreach(f ${INPUTS})
  get_filename_component(name ${f} NAME)
  file(READ ${f} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${hex}")
  string(LENGTH "${hex}" hexlen)
  math(EXPR len "${hexlen} / 2")
  set(body "${body}    {\"${name}\", std::string_view(\"${escaped}\", ${len})},\n")
endforeach()
set(body "${body}  };\n  return files;\n}\n}  // namespace ${NAMESPACE}\n")
file(WRITE ${OUT} "${body}")
