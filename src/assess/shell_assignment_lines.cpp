#include "assess/shell_assignment_lines.hpp"

#include <algorithm>
#include <vector>

namespace mai::assess {

bool line_ends_before(const SyntaxTree& tree, uint32_t from, NodeId next) {
  const Node& n = tree[next];
  if (n.begin < from) return false;
  std::string_view text = tree.text(next);
  size_t lead = 0;
  while (lead < text.size() && (text[lead] == '\n' || text[lead] == ' ' || text[lead] == '\t')) ++lead;
  std::string_view gap = tree.code().substr(from, n.begin - from + lead);
  for (size_t nl = gap.find('\n'); nl != std::string_view::npos; nl = gap.find('\n', nl + 1))
    if (nl == 0 || gap[nl - 1] != '\\') return true;
  return false;
}

std::string terminate_assignment_lines(const SyntaxTree& tree) {
  std::vector<uint32_t> ends;  // where a `;` goes, in order
  for (NodeId n = 0; n < tree.size(); ++n) {
    if (tree.kind(n) != K::command) continue;
    NodeId first = tree.first_named(n);
    if (first == kNoNode || tree.kind(first) != K::variable_assignment) continue;
    NodeId second = tree.next_named(first);
    // Two assignments on the first line: the grammar's case (one alone ends at its newline).
    if (second == kNoNode || tree.kind(second) != K::variable_assignment || line_ends_before(tree, tree[first].end, second))
      continue;
    for (NodeId c = first; c != kNoNode && tree.kind(c) == K::variable_assignment; c = tree.next_named(c)) {
      NodeId after = tree.next_named(c);
      if (after != kNoNode && line_ends_before(tree, tree[c].end, after)) ends.push_back(tree[c].end);
    }
  }
  if (ends.empty()) return "";
  std::sort(ends.begin(), ends.end());  // (a command inside an assignment's value comes later in the walk)
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  std::string_view code = tree.code();
  std::string out;
  out.reserve(code.size() + ends.size());
  uint32_t at = 0;
  for (uint32_t e : ends) {
    out.append(code.substr(at, e - at));
    out += ';';
    at = e;
  }
  out.append(code.substr(at));
  return out;
}

}  // namespace mai::assess
