#include "assess/shell_arith.hpp"

#include <cctype>
#include <cstdlib>

namespace mai::assess {

namespace {

// Recursive descent in bash's precedence order. `known` turns false at the
// first unknown value or malformed input; the result is then discarded.
class Arith {
 public:
  Arith(std::string_view s, const ArithVars& vars, int* steps) : s_(s), vars_(vars), steps_(steps) {}

  std::optional<int64_t> run() {
    int64_t v = comma();
    skip();
    if (!ok_ || p_ != s_.size()) return std::nullopt;
    return v;
  }

 private:
  static constexpr int kMaxDepth = 64;
  static constexpr int kMaxSteps = 4096;

  void skip() {
    while (p_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[p_]))) ++p_;
  }
  bool eat(std::string_view tok) {
    skip();
    if (s_.substr(p_, tok.size()) != tok) return false;
    p_ += tok.size();
    return true;
  }
  // An operator that is not the start of a longer one ("<" but not "<=" or "<<").
  bool eat_op(std::string_view tok, std::string_view not_followed_by) {
    skip();
    if (s_.substr(p_, tok.size()) != tok) return false;
    size_t q = p_ + tok.size();
    if (q < s_.size() && not_followed_by.find(s_[q]) != std::string_view::npos) return false;
    p_ = q;
    return true;
  }
  static bool name_char(char c, bool first) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || (!first && std::isdigit(static_cast<unsigned char>(c)));
  }
  std::string name() {
    skip();
    size_t b = p_;
    while (p_ < s_.size() && name_char(s_[p_], p_ == b)) ++p_;
    return std::string(s_.substr(b, p_ - b));
  }
  int64_t fail() {
    ok_ = false;
    return 0;
  }
  int64_t read(const std::string& n) {
    auto text = vars_.get(n);
    if (!text) return fail();
    // An unset or empty variable is 0; a value is itself an expression (a=b+1).
    if (text->empty()) return 0;
    if (++depth_ > kMaxDepth) return fail();
    Arith inner(*text, vars_, steps_);
    inner.depth_ = depth_;
    auto v = inner.run();
    --depth_;
    return v ? *v : fail();
  }
  void write(const std::string& n, int64_t v) {
    if (ok_) vars_.set(n, v);
  }

  int64_t comma() {
    int64_t v = assign();
    while (ok_ && eat(",")) v = assign();
    return v;
  }
  int64_t assign() {
    skip();
    size_t save = p_;
    std::string n = name();
    if (!n.empty()) {
      static const char* const kOps[] = {"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "^=", "|="};
      for (const char* op : kOps)
        if (eat(op)) {
          int64_t cur = read(n), rhs = assign();
          std::string_view o(op);
          int64_t v = apply(o.substr(0, o.size() - 1), cur, rhs);
          write(n, v);
          return v;
        }
      if (eat_op("=", "=")) {
        int64_t v = assign();
        write(n, v);
        return v;
      }
    }
    p_ = save;
    return ternary();
  }
  // Wrapping 64-bit arithmetic, as bash's: never undefined behaviour on any input.
  static int64_t wrap(uint64_t v) { return static_cast<int64_t>(v); }
  static int64_t add(int64_t a, int64_t b) { return wrap(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
  static int64_t sub(int64_t a, int64_t b) { return wrap(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
  static int64_t mul(int64_t a, int64_t b) { return wrap(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
  static int64_t neg(int64_t a) { return wrap(0 - static_cast<uint64_t>(a)); }
  int64_t apply(std::string_view op, int64_t a, int64_t b) {
    if (op == "+") return add(a, b);
    if (op == "-") return sub(a, b);
    if (op == "*") return mul(a, b);
    if (op == "/" || op == "%") {
      if (b == 0) return fail();
      if (b == -1) return op == "/" ? neg(a) : 0;  // INT64_MIN / -1 overflows
      return op == "/" ? a / b : a % b;
    }
    if (op == "<<") return b >= 0 && b < 63 ? wrap(static_cast<uint64_t>(a) << b) : fail();
    if (op == ">>") return b >= 0 && b < 63 ? a >> b : fail();
    if (op == "&") return a & b;
    if (op == "^") return a ^ b;
    if (op == "|") return a | b;
    return fail();
  }
  int64_t ternary() {
    int64_t c = logical_or();
    if (!eat("?")) return c;
    int64_t a = assign();
    if (!eat(":")) return fail();
    int64_t b = assign();
    return c ? a : b;
  }
  int64_t logical_or() {
    int64_t v = logical_and();
    while (ok_ && eat("||")) {
      int64_t r = logical_and();
      v = (v || r) ? 1 : 0;
    }
    return v;
  }
  int64_t logical_and() {
    int64_t v = bit_or();
    while (ok_ && eat("&&")) {
      int64_t r = bit_or();
      v = (v && r) ? 1 : 0;
    }
    return v;
  }
  int64_t bit_or() {
    int64_t v = bit_xor();
    while (ok_ && eat_op("|", "|=")) v |= bit_xor();
    return v;
  }
  int64_t bit_xor() {
    int64_t v = bit_and();
    while (ok_ && eat_op("^", "=")) v ^= bit_and();
    return v;
  }
  int64_t bit_and() {
    int64_t v = equality();
    while (ok_ && eat_op("&", "&=")) v &= equality();
    return v;
  }
  int64_t equality() {
    int64_t v = relation();
    for (;;) {
      if (eat("==")) v = v == relation();
      else if (eat("!=")) v = v != relation();
      else return v;
    }
  }
  int64_t relation() {
    int64_t v = shift();
    for (;;) {
      if (eat("<=")) v = v <= shift();
      else if (eat(">=")) v = v >= shift();
      else if (eat_op("<", "<")) v = v < shift();
      else if (eat_op(">", ">")) v = v > shift();
      else return v;
    }
  }
  int64_t shift() {
    int64_t v = additive();
    for (;;) {
      if (eat_op("<<", "=")) v = apply("<<", v, additive());
      else if (eat_op(">>", "=")) v = apply(">>", v, additive());
      else return v;
    }
  }
  int64_t additive() {
    int64_t v = multiplicative();
    for (;;) {
      if (eat_op("+", "+=")) v = add(v, multiplicative());
      else if (eat_op("-", "-=")) v = sub(v, multiplicative());
      else return v;
    }
  }
  int64_t multiplicative() {
    int64_t v = power();
    for (;;) {
      if (eat_op("*", "*=")) v = apply("*", v, power());
      else if (eat_op("/", "=")) v = apply("/", v, power());
      else if (eat_op("%", "=")) v = apply("%", v, power());
      else return v;
    }
  }
  int64_t power() {
    int64_t base = unary();
    if (!eat("**")) return base;
    int64_t e = power();
    if (e < 0 || e > 62) return fail();
    int64_t v = 1;
    for (int64_t i = 0; i < e && ok_; ++i) v = mul(v, base);
    return v;
  }
  int64_t unary() {
    // Depth bounds the stack; steps bound the work of values that name each
    // other (a=b+b, b=c+c, ...: doubling at every name).
    if (++depth_ > kMaxDepth || ++*steps_ > kMaxSteps) return fail();
    int64_t v;
    skip();
    if (eat("++") || eat("--")) {
      bool inc = s_[p_ - 1] == '+';
      std::string n = name();
      if (n.empty()) return fail();
      v = add(read(n), inc ? 1 : -1);
      write(n, v);
    } else if (eat("!")) {
      v = unary() ? 0 : 1;
    } else if (eat("~")) {
      v = ~unary();
    } else if (eat("-")) {
      v = neg(unary());
    } else if (eat("+")) {
      v = unary();
    } else {
      v = postfix();
    }
    --depth_;
    return v;
  }
  int64_t postfix() {
    skip();
    if (p_ < s_.size() && name_char(s_[p_], true)) {
      std::string n = name();
      int64_t v = read(n);
      if (eat("++")) write(n, add(v, 1));
      else if (eat("--")) write(n, sub(v, 1));
      return v;
    }
    return primary();
  }
  int64_t primary() {
    skip();
    if (p_ >= s_.size()) return fail();
    char c = s_[p_];
    if (c == '(') {
      ++p_;
      int64_t v = comma();
      return eat(")") ? v : fail();
    }
    if (c == '$') return dollar();
    if (std::isdigit(static_cast<unsigned char>(c))) return number();
    return fail();
  }
  // $NAME, ${NAME}, ${#NAME} (its length); anything else ($(cmd), ${A[i]}) is unknown.
  int64_t dollar() {
    ++p_;
    if (p_ < s_.size() && s_[p_] == '{') {
      size_t close = s_.find('}', p_);
      if (close == std::string_view::npos) return fail();
      std::string_view inner = s_.substr(p_ + 1, close - p_ - 1);
      p_ = close + 1;
      bool length = !inner.empty() && inner[0] == '#';
      if (length) inner.remove_prefix(1);
      for (size_t i = 0; i < inner.size(); ++i)
        if (!name_char(inner[i], i == 0)) return fail();
      if (inner.empty()) return fail();
      if (!length) return read(std::string(inner));
      auto text = vars_.get(std::string(inner));
      return text ? static_cast<int64_t>(text->size()) : fail();
    }
    std::string n = name();
    return n.empty() ? fail() : read(n);
  }
  // 42, 0x2a, 052, 16#2a
  int64_t number() {
    size_t b = p_;
    while (p_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[p_])) || s_[p_] == '#' || s_[p_] == '_' ||
                              s_[p_] == '@'))
      ++p_;
    std::string t(s_.substr(b, p_ - b));
    int base = 10;
    std::string digits = t;
    if (size_t hash = t.find('#'); hash != std::string::npos) {
      base = std::atoi(t.substr(0, hash).c_str());
      digits = t.substr(hash + 1);
      // (bases past 36 use @ and _; not worth the table)
      if (base < 2 || base > 36) return fail();
    } else if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
      base = 16;
      digits = t.substr(2);
    } else if (t.size() > 1 && t[0] == '0') {
      base = 8;
      digits = t.substr(1);
    }
    if (digits.empty()) return fail();
    char* end = nullptr;
    long long v = std::strtoll(digits.c_str(), &end, base);
    if (end == nullptr || *end != '\0') return fail();
    return v;
  }

  std::string_view s_;
  const ArithVars& vars_;
  size_t p_ = 0;
  bool ok_ = true;
  int depth_ = 0;
  int* steps_;  // shared by the values it reads
};

}  // namespace

std::optional<int64_t> eval_arith(std::string_view expr, const ArithVars& vars) {
  if (expr.size() > 4096) return std::nullopt;
  int steps = 0;
  return Arith(expr, vars, &steps).run();
}

}  // namespace mai::assess
