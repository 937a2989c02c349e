#include "assess/unparsable_lines.hpp"

#include <vector>

namespace mai::assess {

size_t error_bytes(const SyntaxTree& tree) {
  size_t bytes = 0;
  std::vector<NodeId> todo;
  if (tree.root() != kNoNode) todo.push_back(tree.root());
  while (!todo.empty()) {
    NodeId n = todo.back();
    todo.pop_back();
    if (tree.kind(n) == K::error) {
      bytes += tree[n].end - tree[n].begin;
      continue;
    }
    for (NodeId c = tree[n].first; c != kNoNode; c = tree[c].next) todo.push_back(c);
  }
  return bytes;
}

std::string blank_first_unparsable_line(const SyntaxTree& tree) {
  // The first outermost error in the code's order that spans lines.
  NodeId outer = kNoNode;
  std::vector<NodeId> todo;
  if (tree.root() != kNoNode) todo.push_back(tree.root());
  while (!todo.empty() && outer == kNoNode) {
    NodeId n = todo.back();
    todo.pop_back();
    if (tree.kind(n) == K::error) {
      if (tree.text(n).find('\n') != std::string_view::npos) outer = n;
      continue;
    }
    std::vector<NodeId> children;
    for (NodeId c = tree[n].first; c != kNoNode; c = tree[c].next) children.push_back(c);
    for (auto it = children.rbegin(); it != children.rend(); ++it) todo.push_back(*it);
  }
  if (outer == kNoNode) return {};
  // Its first innermost error is where the grammar lost its way. Nodes are
  // numbered in preorder, so a child's number is above its parent's: one
  // pass from the end marks every node with an error below it.
  std::vector<bool> error_below(tree.size(), false);
  for (size_t i = tree.size(); i-- > 1;) {
    const NodeId parent = tree[static_cast<NodeId>(i)].parent;
    if (parent != kNoNode && (error_below[i] || tree.kind(static_cast<NodeId>(i)) == K::error)) error_below[parent] = true;
  }
  NodeId at = outer;
  for (bool deeper = true; deeper;) {
    deeper = false;
    for (NodeId c = tree[at].first; c != kNoNode; c = tree[c].next)
      if (tree.kind(c) == K::error || error_below[c]) {
        at = c;
        deeper = true;
        break;
      }
  }
  std::string code(tree.code());
  const size_t pos = tree[at].begin;
  size_t begin = pos == 0 ? std::string::npos : code.rfind('\n', pos - 1);
  begin = begin == std::string::npos ? 0 : begin + 1;
  size_t end = code.find('\n', pos);
  if (end == std::string::npos) end = code.size();
  bool changed = false;
  for (size_t i = begin; i < end; ++i)
    if (code[i] != ' ' && code[i] != '\r') {
      code[i] = ' ';
      changed = true;
    }
  return changed ? code : std::string();
}

SyntaxTree parse_around_unparsable_lines(std::string_view code, Language language, std::string& storage, int rounds) {
  SyntaxTree tree = SyntaxTree::parse(code, language);
  size_t errors = tree.complete() ? error_bytes(tree) : 0;
  for (int round = 0; round < rounds && errors > 0; ++round) {
    std::string blanked = blank_first_unparsable_line(tree);
    if (blanked.empty()) break;
    SyntaxTree next = SyntaxTree::parse(blanked, language);
    if (!next.complete()) break;
    const size_t next_errors = error_bytes(next);
    if (next_errors >= errors) break;
    storage = std::move(blanked);
    next.rebind(storage);
    tree = std::move(next);
    errors = next_errors;
  }
  return tree;
}

}  // namespace mai::assess
