#include "assess/syntax_tree.hpp"

#include <tree_sitter/api.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

extern "C" const TSLanguage* tree_sitter_python();
extern "C" const TSLanguage* tree_sitter_bash();

namespace mai::assess {
namespace {

// tree-sitter gives up after this long (a safety net: parsing is linear in
// practice, and code is at most a few MiB).
constexpr uint64_t kParseTimeoutMicros = 20'000'000;

// Copying tree-sitter's tree into ours is linear for most code, but
// ts_tree_cursor_current_field_id walks every hidden ancestor of a node, and
// some long statement lists come out of the parser as a deep chain of hidden
// nodes: 120,000 lines of `x = [x]` spent minutes there. Past this much CPU
// time of the thread, checked every 4096 nodes, the tree is given up as not
// parsed in time.
constexpr uint64_t kCopyCpuLimitNs = 5'000'000'000;

uint64_t this_thread_cpu_ns() {
  timespec ts{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<uint64_t>(ts.tv_sec) * 1'000'000'000u + static_cast<uint64_t>(ts.tv_nsec);
}
constexpr uint32_t kMaxNesting = 20000;

struct LanguageTables {
  const TSLanguage* lang = nullptr;
  std::vector<K> kinds;   // by symbol
  std::vector<F> fields;  // by field id
};

const LanguageTables& tables(Language language) {
  static const LanguageTables python = [] {
    static const std::unordered_map<std::string, K> names = {
        {"ERROR", K::error}, {"module", K::module}, {"block", K::block},
        {"expression_statement", K::expression_statement}, {"import_statement", K::import_statement},
        {"import_from_statement", K::import_from_statement},
        {"future_import_statement", K::future_import_statement}, {"aliased_import", K::aliased_import},
        {"dotted_name", K::dotted_name}, {"wildcard_import", K::wildcard_import},
        {"relative_import", K::relative_import}, {"assignment", K::assignment},
        {"augmented_assignment", K::augmented_assignment}, {"named_expression", K::named_expression},
        {"return_statement", K::return_statement}, {"delete_statement", K::delete_statement},
        {"raise_statement", K::raise_statement}, {"pass_statement", K::pass_statement},
        {"break_statement", K::break_statement}, {"continue_statement", K::continue_statement},
        {"if_statement", K::if_statement}, {"elif_clause", K::elif_clause}, {"else_clause", K::else_clause},
        {"for_statement", K::for_statement}, {"while_statement", K::while_statement},
        {"try_statement", K::try_statement}, {"except_clause", K::except_clause},
        {"except_group_clause", K::except_group_clause}, {"finally_clause", K::finally_clause},
        {"with_statement", K::with_statement}, {"with_clause", K::with_clause}, {"with_item", K::with_item},
        {"function_definition", K::function_definition}, {"class_definition", K::class_definition},
        {"decorated_definition", K::decorated_definition}, {"decorator", K::decorator},
        {"parameters", K::parameters}, {"lambda_parameters", K::lambda_parameters},
        {"default_parameter", K::default_parameter}, {"typed_default_parameter", K::typed_default_parameter},
        {"typed_parameter", K::typed_parameter}, {"list_splat_pattern", K::list_splat_pattern},
        {"dictionary_splat_pattern", K::dictionary_splat_pattern}, {"list_splat", K::list_splat},
        {"dictionary_splat", K::dictionary_splat}, {"global_statement", K::global_statement},
        {"nonlocal_statement", K::nonlocal_statement}, {"match_statement", K::match_statement},
        {"case_clause", K::case_clause}, {"identifier", K::identifier}, {"attribute", K::attribute},
        {"subscript", K::subscript}, {"slice", K::slice}, {"call", K::call}, {"argument_list", K::argument_list},
        {"keyword_argument", K::keyword_argument}, {"string", K::string},
        {"concatenated_string", K::concatenated_string}, {"string_start", K::string_start},
        {"string_content", K::string_content}, {"string_end", K::string_end},
        {"escape_sequence", K::escape_sequence}, {"interpolation", K::interpolation},
        {"format_specifier", K::format_specifier}, {"integer", K::integer}, {"float", K::float_},
        {"true", K::true_}, {"false", K::false_}, {"none", K::none}, {"list", K::list}, {"tuple", K::tuple},
        {"set", K::set}, {"dictionary", K::dictionary}, {"pair", K::pair},
        {"list_comprehension", K::list_comprehension}, {"dictionary_comprehension", K::dictionary_comprehension},
        {"set_comprehension", K::set_comprehension}, {"generator_expression", K::generator_expression},
        {"for_in_clause", K::for_in_clause}, {"if_clause", K::if_clause},
        {"parenthesized_expression", K::parenthesized_expression},
        {"conditional_expression", K::conditional_expression}, {"boolean_operator", K::boolean_operator},
        {"not_operator", K::not_operator}, {"binary_operator", K::binary_operator},
        {"unary_operator", K::unary_operator}, {"comparison_operator", K::comparison_operator},
        {"lambda", K::lambda}, {"yield", K::yield}, {"await", K::await}, {"pattern_list", K::pattern_list},
        {"tuple_pattern", K::tuple_pattern}, {"list_pattern", K::list_pattern},
        {"expression_list", K::expression_list}, {"as_pattern", K::as_pattern},
        {"as_pattern_target", K::as_pattern_target}, {"comment", K::comment}, {"type", K::type},
        {"assert_statement", K::assert_statement}, {"print_statement", K::print_statement},
        {"exec_statement", K::exec_statement}, {"ellipsis", K::ellipsis},
        {"keyword_separator", K::keyword_separator}, {"positional_separator", K::positional_separator},
        {"line_continuation", K::line_continuation}};
    LanguageTables t;
    t.lang = tree_sitter_python();
    uint32_t n = ts_language_symbol_count(t.lang);
    t.kinds.assign(n, K::other);
    for (uint32_t s = 0; s < n; ++s) {
      auto it = names.find(ts_language_symbol_name(t.lang, static_cast<TSSymbol>(s)));
      if (it != names.end() && (ts_language_symbol_type(t.lang, static_cast<TSSymbol>(s)) == TSSymbolTypeRegular ||
                                it->second == K::error))
        t.kinds[s] = it->second;
    }
    return t;
  }();
  static const LanguageTables bash = [] {
    static const std::unordered_map<std::string, K> names = {
        {"ERROR", K::error}, {"program", K::program}, {"command", K::command},
        {"command_name", K::command_name}, {"word", K::word}, {"raw_string", K::raw_string},
        {"ansi_c_string", K::ansi_c_string}, {"string", K::sh_string},
        {"translated_string", K::translated_string}, {"concatenation", K::concatenation},
        {"simple_expansion", K::simple_expansion}, {"expansion", K::expansion},
        {"command_substitution", K::command_substitution}, {"process_substitution", K::process_substitution},
        {"variable_name", K::variable_name}, {"special_variable_name", K::special_variable_name},
        {"variable_assignment", K::variable_assignment}, {"variable_assignments", K::variable_assignments},
        {"declaration_command", K::declaration_command}, {"unset_command", K::unset_command},
        {"pipeline", K::pipeline}, {"list", K::list_}, {"redirected_statement", K::redirected_statement},
        {"file_redirect", K::file_redirect}, {"heredoc_redirect", K::heredoc_redirect},
        {"herestring_redirect", K::herestring_redirect}, {"heredoc_body", K::heredoc_body},
        {"heredoc_content", K::heredoc_content}, {"heredoc_start", K::heredoc_start},
        {"heredoc_end", K::heredoc_end}, {"file_descriptor", K::file_descriptor},
        {"function_definition", K::function_definition_sh}, {"compound_statement", K::compound_statement},
        {"subshell", K::subshell}, {"if_statement", K::if_statement_sh}, {"elif_clause", K::elif_clause_sh},
        {"else_clause", K::else_clause_sh}, {"for_statement", K::for_statement_sh},
        {"c_style_for_statement", K::c_style_for_statement}, {"while_statement", K::while_statement_sh},
        {"do_group", K::do_group}, {"case_statement", K::case_statement}, {"case_item", K::case_item},
        {"negated_command", K::negated_command}, {"test_command", K::test_command}, {"number", K::number},
        {"arithmetic_expansion", K::arithmetic_expansion}, {"brace_expression", K::brace_expression},
        {"array", K::array}, {"subscript", K::subscript}, {"comment", K::sh_comment},
        {"string_content", K::string_content}};
    LanguageTables t;
    t.lang = tree_sitter_bash();
    uint32_t n = ts_language_symbol_count(t.lang);
    t.kinds.assign(n, K::other);
    for (uint32_t s = 0; s < n; ++s) {
      auto it = names.find(ts_language_symbol_name(t.lang, static_cast<TSSymbol>(s)));
      if (it != names.end() && (ts_language_symbol_type(t.lang, static_cast<TSSymbol>(s)) == TSSymbolTypeRegular ||
                                it->second == K::error))
        t.kinds[s] = it->second;
    }
    return t;
  }();
  const LanguageTables& t = language == Language::python ? python : bash;
  static const bool fields_done = [] {
    static const std::unordered_map<std::string, F> names = {
        {"alias", F::alias}, {"alternative", F::alternative}, {"argument", F::argument},
        {"arguments", F::arguments}, {"attribute", F::attribute}, {"body", F::body},
        {"condition", F::condition}, {"consequence", F::consequence}, {"definition", F::definition},
        {"function", F::function}, {"key", F::key}, {"left", F::left}, {"module_name", F::module_name},
        {"name", F::name}, {"object", F::object}, {"operator", F::operator_}, {"operators", F::operators},
        {"parameters", F::parameters}, {"right", F::right}, {"subscript", F::subscript},
        {"superclasses", F::superclasses}, {"value", F::value}, {"type", F::type},
        {"descriptor", F::descriptor}, {"destination", F::destination}, {"redirect", F::redirect},
        {"variable", F::variable}, {"code", F::code}, {"expression", F::expression}};
    for (const LanguageTables* lt : {&python, &bash}) {
      auto& mt = const_cast<LanguageTables&>(*lt);
      uint32_t n = ts_language_field_count(mt.lang);
      mt.fields.assign(n + 1, F::none);
      for (uint32_t f = 1; f <= n; ++f) {
        auto it = names.find(ts_language_field_name_for_id(mt.lang, static_cast<TSFieldId>(f)));
        if (it != names.end()) mt.fields[f] = it->second;
      }
    }
    return true;
  }();
  (void)fields_done;
  return t;
}

struct ParserDeleter {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TreeDeleter {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};

// One parser per thread and language: the assessor is shared between threads.
std::unique_ptr<TSParser, ParserDeleter>& parser_slot(Language language) {
  thread_local std::array<std::unique_ptr<TSParser, ParserDeleter>, 2> parsers;
  return parsers[language == Language::python ? 0 : 1];
}

// Parsers given up after a timeout: kept (never freed, see parse()) where the
// leak checker of the sanitizer build sees them as reachable.
void abandon(TSParser* parser) {
  static std::mutex mutex;
  static auto* abandoned = new std::vector<TSParser*>();
  std::lock_guard<std::mutex> lock(mutex);
  abandoned->push_back(parser);
}

TSParser* parser_for(Language language) {
  auto& p = parser_slot(language);
  if (!p) {
    p.reset(ts_parser_new());
    ts_parser_set_timeout_micros(p.get(), kParseTimeoutMicros);
  }
  // Setting the language (again) makes the grammar's external scanner anew.
  // The bash scanner's reset keeps the here-documents an earlier input left
  // open (tree-sitter-bash 0.21.0), so one submission's text would change
  // how the next one on this thread parses: every parse starts clean.
  ts_parser_set_language(p.get(), tables(language).lang);
  return p.get();
}

}  // namespace

SyntaxTree SyntaxTree::parse(std::string_view code, Language language) {
  SyntaxTree out;
  out.code_ = code;
  if (code.size() > 0xfffffff0u) {
    out.complete_ = false;
    return out;
  }
  // libtree-sitter 0.20 corrupts its heap on inputs nested 65,536 deep (a
  // 16-bit depth): such input is not parsed at all (the assessor reports it
  // as not analysable). Brackets in strings count too; only absurd input
  // comes near the bound.
  {
    uint32_t depth = 0, max_depth = 0;
    for (char c : code) {
      if (c == '(' || c == '[' || c == '{') max_depth = std::max(max_depth, ++depth);
      else if ((c == ')' || c == ']' || c == '}') && depth) --depth;
    }
    if (max_depth > kMaxNesting) {
      out.complete_ = false;
      return out;
    }
  }
  const LanguageTables& lt = tables(language);
  TSParser* p = parser_for(language);
  std::unique_ptr<TSTree, TreeDeleter> tree(
      ts_parser_parse_string(p, nullptr, code.data(), static_cast<uint32_t>(code.size())));
  if (!tree) {
    // The parse timed out. libtree-sitter 0.20.7 can then hold a subtree
    // twice in its stack, and ts_parser_reset (or ts_parser_delete, which
    // resets) frees it twice: "double free or corruption", SIGABRT, the
    // service with it (60,000 lines of cp037 bytes did it every time). The
    // parser is abandoned instead: its memory is leaked, once per parse that
    // ran out of time, and the next parse on this thread makes a new one.
    abandon(parser_slot(language).release());
    out.complete_ = false;
    return out;
  }
  const bool keep_anonymous = language == Language::shell;
  out.nodes_.reserve(code.size() / 6 + 16);
  TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(tree.get()));
  // Explicit stack of (our id of the parent, our id of its last child so far).
  std::vector<std::pair<NodeId, NodeId>> stack;
  stack.reserve(64);
  bool more = true;
  const uint64_t copy_deadline = this_thread_cpu_ns() + kCopyCpuLimitNs;
  uint32_t copied = 0;
  while (more) {
    if ((++copied & 4095) == 0 && this_thread_cpu_ns() > copy_deadline) {
      ts_tree_cursor_delete(&cur);
      out.nodes_.clear();
      out.complete_ = false;
      return out;
    }
    TSNode n = ts_tree_cursor_current_node(&cur);
    TSFieldId fid = ts_tree_cursor_current_field_id(&cur);
    bool named = ts_node_is_named(n);
    F field = fid < lt.fields.size() ? lt.fields[fid] : F::none;
    bool keep = named || fid != 0 || keep_anonymous || stack.empty();
    bool descended = false;
    if (keep) {
      Node x;
      TSSymbol sym = ts_node_symbol(n);
      x.kind = named || ts_node_is_missing(n) ? (sym < lt.kinds.size() ? lt.kinds[sym] : K::other) : K::other;
      if (sym == static_cast<TSSymbol>(-1)) x.kind = K::error;  // ts_builtin_sym_error
      x.named = named;
      x.field = field;
      x.begin = ts_node_start_byte(n);
      x.end = ts_node_end_byte(n);
      if (x.end < x.begin) x.end = x.begin;
      TSPoint pt = ts_node_start_point(n);
      x.line = pt.row + 1;
      x.col = pt.column + 1;
      NodeId id = static_cast<NodeId>(out.nodes_.size());
      if (!stack.empty()) {
        auto& [parent, last] = stack.back();
        x.parent = parent;
        if (last == kNoNode) out.nodes_[parent].first = id;
        else out.nodes_[last].next = id;
        last = id;
      }
      out.nodes_.push_back(x);
      if (ts_tree_cursor_goto_first_child(&cur)) {
        stack.emplace_back(id, kNoNode);
        descended = true;
      }
    }
    if (descended) continue;
    // Next sibling, else up until a parent has one.
    while (!ts_tree_cursor_goto_next_sibling(&cur)) {
      if (!ts_tree_cursor_goto_parent(&cur)) {
        more = false;
        break;
      }
      stack.pop_back();
    }
  }
  ts_tree_cursor_delete(&cur);
  return out;
}

NodeId SyntaxTree::child(NodeId n, F f) const {
  if (n == kNoNode) return kNoNode;
  for (NodeId c = nodes_[n].first; c != kNoNode; c = nodes_[c].next)
    if (nodes_[c].field == f) return c;
  return kNoNode;
}

NodeId SyntaxTree::first_named(NodeId n) const {
  if (n == kNoNode) return kNoNode;
  for (NodeId c = nodes_[n].first; c != kNoNode; c = nodes_[c].next)
    if (nodes_[c].named) return c;
  return kNoNode;
}

NodeId SyntaxTree::next_named(NodeId n) const {
  if (n == kNoNode) return kNoNode;
  for (NodeId c = nodes_[n].next; c != kNoNode; c = nodes_[c].next)
    if (nodes_[c].named) return c;
  return kNoNode;
}

}  // namespace mai::assess
