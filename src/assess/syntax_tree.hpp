// tree-sitter front door: parses Python or Bash with the grammars compiled in
// (tree-sitter-python / tree-sitter-bash 0.21.0, tools/fetch-grammars.sh) and
// copies the tree into a flat, index-addressed array, so the interpreters can
// revisit any node (a function body at each call) cheaply and without
// recursion into tree-sitter. Anonymous nodes are kept only where they carry
// meaning (operators in a field; every node in Bash, whose operators are
// anonymous).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "model/enums.hpp"

namespace mai::assess {

using NodeId = uint32_t;
constexpr NodeId kNoNode = 0xffffffffu;

// The node kinds the interpreters look at; everything else is `other` (and
// still walked generically). Python and Bash kinds share the numbering.
enum class K : uint16_t {
  other,
  error,
  // ---- Python ----
  module, block, expression_statement, import_statement, import_from_statement, future_import_statement,
  aliased_import, dotted_name, wildcard_import, relative_import, assignment, augmented_assignment,
  named_expression, return_statement, delete_statement, raise_statement, pass_statement, break_statement,
  continue_statement, if_statement, elif_clause, else_clause, for_statement, while_statement, try_statement,
  except_clause, except_group_clause, finally_clause, with_statement, with_clause, with_item,
  function_definition, class_definition, decorated_definition, decorator, parameters, lambda_parameters,
  default_parameter, typed_default_parameter, typed_parameter, list_splat_pattern, dictionary_splat_pattern,
  list_splat, dictionary_splat, global_statement, nonlocal_statement, match_statement, case_clause,
  identifier, attribute, subscript, slice, call, argument_list, keyword_argument, string, concatenated_string,
  string_start, string_content, string_end, escape_sequence, interpolation, format_specifier, integer,
  float_, true_, false_, none, list, tuple, set, dictionary, pair, list_comprehension, dictionary_comprehension,
  set_comprehension, generator_expression, for_in_clause, if_clause, parenthesized_expression,
  conditional_expression, boolean_operator, not_operator, binary_operator, unary_operator,
  comparison_operator, lambda, yield, await, pattern_list, tuple_pattern, list_pattern, expression_list,
  as_pattern, as_pattern_target, comment, type, assert_statement, print_statement, exec_statement,
  ellipsis, keyword_separator, positional_separator, line_continuation,
  // ---- Bash ----
  program, command, command_name, word, raw_string, ansi_c_string, sh_string, translated_string,
  concatenation, simple_expansion, expansion, command_substitution, process_substitution, variable_name,
  special_variable_name, variable_assignment, variable_assignments, declaration_command, unset_command,
  pipeline, list_, redirected_statement, file_redirect, heredoc_redirect, herestring_redirect, heredoc_body,
  heredoc_content, heredoc_start, heredoc_end, file_descriptor, function_definition_sh, compound_statement,
  subshell, if_statement_sh, elif_clause_sh, else_clause_sh, for_statement_sh, c_style_for_statement,
  while_statement_sh, do_group, case_statement, case_item, negated_command, test_command, number,
  arithmetic_expansion, brace_expression, array, sh_comment,
  count_
};

// Field names both grammars use (a subset: the ones the interpreters read).
enum class F : uint8_t {
  none, alias, alternative, argument, arguments, attribute, body, condition, consequence, definition,
  function, key, left, module_name, name, object, operator_, operators, parameters, right, subscript,
  superclasses, value, type, descriptor, destination, redirect, variable, code, expression, count_
};

struct Node {
  K kind = K::other;
  F field = F::none;  // the field this node fills in its parent
  bool named = false;
  uint32_t begin = 0, end = 0;  // byte offsets
  uint32_t line = 0, col = 0;   // 1-based
  NodeId first = kNoNode, next = kNoNode, parent = kNoNode;
};

class SyntaxTree {
 public:
  // Never throws; a parse that tree-sitter gives up on (its time limit) leaves
  // an empty tree with `complete() == false`.
  static SyntaxTree parse(std::string_view code, Language language);

  NodeId root() const { return nodes_.empty() ? kNoNode : 0; }
  const Node& operator[](NodeId n) const { return nodes_[n]; }
  size_t size() const { return nodes_.size(); }
  bool complete() const { return complete_; }
  std::string_view code() const { return code_; }
  // The same text at another address (moved into the string that keeps it).
  void rebind(std::string_view same_code) { code_ = same_code; }
  std::string_view text(NodeId n) const {
    const Node& x = nodes_[n];
    return code_.substr(x.begin, x.end - x.begin);
  }
  K kind(NodeId n) const { return n == kNoNode ? K::other : nodes_[n].kind; }
  // The first child filling `f`, or kNoNode.
  NodeId child(NodeId n, F f) const;
  // The first named child, or kNoNode.
  NodeId first_named(NodeId n) const;
  // The next named sibling.
  NodeId next_named(NodeId n) const;
  template <class Fn>
  void for_named(NodeId n, Fn fn) const {
    for (NodeId c = n == kNoNode ? kNoNode : nodes_[n].first; c != kNoNode; c = nodes_[c].next)
      if (nodes_[c].named) fn(c);
  }

 private:
  std::string_view code_;
  std::vector<Node> nodes_;
  bool complete_ = true;
};

}  // namespace mai::assess
