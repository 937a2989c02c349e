#include "audit/diff.hpp"

#include <algorithm>
#include <vector>

#include "audit/event_types.hpp"
#include "common/sha256.hpp"
#include "common/utf8.hpp"

namespace mai::audit {

namespace {

std::vector<std::string> split_lines(const std::string& s, bool& final_newline) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < s.size()) {
    size_t nl = s.find('\n', pos);
    if (nl == std::string::npos) {
      out.push_back(s.substr(pos));
      final_newline = false;
      return out;
    }
    out.push_back(s.substr(pos, nl - pos));
    pos = nl + 1;
  }
  final_newline = true;
  return out;
}

enum class Op { same, del, add };

}  // namespace

std::string unified_diff(const std::string& a, const std::string& b, const std::string& a_name,
                         const std::string& b_name, int context) {
  if (a == b) return "";
  bool a_nl = true, b_nl = true;
  auto A = split_lines(a, a_nl);
  auto B = split_lines(b, b_nl);
  // Common prefix and suffix first; LCS only over the middle.
  size_t pre = 0;
  while (pre < A.size() && pre < B.size() && A[pre] == B[pre] &&
         (pre + 1 < A.size() || a_nl) && (pre + 1 < B.size() || b_nl))
    ++pre;
  size_t suf = 0;
  while (suf < A.size() - pre && suf < B.size() - pre && A[A.size() - 1 - suf] == B[B.size() - 1 - suf] &&
         (suf > 0 || a_nl == b_nl))
    ++suf;
  size_t n = A.size() - pre - suf, m = B.size() - pre - suf;
  std::vector<std::pair<Op, size_t>> ops;  // index into A (same/del) or B (add)
  for (size_t i = 0; i < pre; ++i) ops.emplace_back(Op::same, i);
  if (n * m <= 16'000'000) {
    std::vector<std::vector<uint32_t>> L(n + 1, std::vector<uint32_t>(m + 1, 0));
    for (size_t i = n; i-- > 0;)
      for (size_t j = m; j-- > 0;)
        L[i][j] = A[pre + i] == B[pre + j] ? L[i + 1][j + 1] + 1 : std::max(L[i + 1][j], L[i][j + 1]);
    size_t i = 0, j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && A[pre + i] == B[pre + j]) {
        ops.emplace_back(Op::same, pre + i);
        ++i, ++j;
      } else if (i < n && (j == m || L[i + 1][j] >= L[i][j + 1])) {
        ops.emplace_back(Op::del, pre + i++);  // deletions first, as diff -u prints them
      } else {
        ops.emplace_back(Op::add, pre + j++);
      }
    }
  } else {  // too large for LCS: one replacement hunk
    for (size_t i = 0; i < n; ++i) ops.emplace_back(Op::del, pre + i);
    for (size_t j = 0; j < m; ++j) ops.emplace_back(Op::add, pre + j);
  }
  for (size_t i = 0; i < suf; ++i) ops.emplace_back(Op::same, A.size() - suf + i);

  // Line numbers of each op in A and B.
  std::vector<size_t> ai(ops.size()), bi(ops.size());
  size_t x = 0, y = 0;
  for (size_t k = 0; k < ops.size(); ++k) {
    ai[k] = x;
    bi[k] = y;
    if (ops[k].first != Op::add) ++x;
    if (ops[k].first != Op::del) ++y;
  }
  std::string out = "--- " + a_name + "\n+++ " + b_name + "\n";
  const size_t ctx = static_cast<size_t>(context < 0 ? 0 : context);
  size_t k = 0;
  while (k < ops.size()) {
    while (k < ops.size() && ops[k].first == Op::same) ++k;
    if (k == ops.size()) break;
    size_t start = k >= ctx ? k - ctx : 0;
    size_t end = k;  // extend over changes separated by at most 2*ctx same lines
    for (;;) {
      while (end < ops.size() && ops[end].first != Op::same) ++end;
      size_t same = end;
      while (same < ops.size() && ops[same].first == Op::same) ++same;
      if (same < ops.size() && same - end <= 2 * ctx) {
        end = same;
        continue;
      }
      end = std::min(ops.size(), end + ctx);
      break;
    }
    size_t a_count = 0, b_count = 0;
    for (size_t q = start; q < end; ++q) {
      if (ops[q].first != Op::add) ++a_count;
      if (ops[q].first != Op::del) ++b_count;
    }
    auto range = [](size_t first, size_t count) {
      size_t shown = count == 0 ? first : first + 1;
      return std::to_string(shown) + (count == 1 ? "" : "," + std::to_string(count));
    };
    out += "@@ -" + range(ai[start], a_count) + " +" + range(bi[start], b_count) + " @@\n";
    for (size_t q = start; q < end; ++q) {
      const auto& [op, idx] = ops[q];
      const std::string& line = op == Op::add ? B[idx] : A[idx];
      out += (op == Op::same ? ' ' : op == Op::add ? '+' : '-') + line + "\n";
      bool last_a = op != Op::add && idx + 1 == A.size() && !a_nl;
      bool last_b = op != Op::del && (op == Op::add ? idx : bi[q]) + 1 == B.size() && !b_nl;
      if ((op == Op::del && last_a) || (op == Op::add && last_b) || (op == Op::same && (last_a || last_b)))
        out += "\\ No newline at end of file\n";
    }
    k = end;
  }
  return out;
}

Event submission_event(const std::string& request_id, const std::string& code, const json& extra,
                       const std::optional<std::string>& parent_request_id,
                       const std::optional<std::string>& parent_code) {
  json data = extra.is_object() ? extra : json::object();
  put_bytes(data, "code", code);
  data["code_sha256"] = sha256_hex(code);
  data["code_bytes"] = code.size();
  if (parent_request_id) {
    data["parent_request_id"] = *parent_request_id;
    if (parent_code) {
      data["parent_code_sha256"] = sha256_hex(*parent_code);
      put_bytes(data, "diff",
                unified_diff(*parent_code, code, "parent/" + *parent_request_id,
                             "submission/" + request_id));
    }
  }
  return Event{events::submission, request_id, std::move(data)};
}

}  // namespace mai::audit
