// Loads the labeled corpus (tests/corpus/{low,medium,high,blocked}/) and
// scores the assessor on it. Shared by the corpus test and the benchmark.
#pragma once
#include <algorithm>
#include <array>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "assess/assessor.hpp"

namespace mai::assess::corpus {

struct Sample {
  std::string path, name;
  RiskLevel label = RiskLevel::low;
  Language language = Language::python;
  bool evasion = false;
  std::string code;
};

inline std::string corpus_dir() {
  const char* src = std::getenv("MAI_SOURCE_DIR");
  return std::string(src ? src : ".") + "/tests/corpus";
}

inline std::vector<Sample> load_dir(const std::string& dir);

// The generated corpus and the hand-written programs (tests/corpus/programs).
inline std::vector<Sample> load(const std::string& dir = corpus_dir()) {
  auto out = load_dir(dir);
  for (auto& s : load_dir(dir + "/programs")) out.push_back(std::move(s));
  return out;
}

inline std::vector<Sample> load_dir(const std::string& dir) {
  std::vector<Sample> out;
  const char* levels[] = {"low", "medium", "high", "blocked"};
  for (int l = 0; l < 4; ++l) {
    std::string d = dir + "/" + levels[l];
    DIR* dp = opendir(d.c_str());
    if (!dp) continue;
    std::vector<std::string> names;
    while (dirent* e = readdir(dp)) {
      std::string n = e->d_name;
      if (n.size() > 3 && (n.compare(n.size() - 3, 3, ".py") == 0 || n.compare(n.size() - 3, 3, ".sh") == 0))
        names.push_back(n);
    }
    closedir(dp);
    std::sort(names.begin(), names.end());
    for (const auto& n : names) {
      Sample s;
      s.name = n;
      s.path = d + "/" + n;
      s.label = static_cast<RiskLevel>(l);
      s.language = n.compare(n.size() - 3, 3, ".sh") == 0 ? Language::shell : Language::python;
      s.evasion = n.rfind("evasion_", 0) == 0;
      std::ifstream in(s.path, std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      s.code = ss.str();
      out.push_back(std::move(s));
    }
  }
  return out;
}

struct Score {
  std::array<std::array<int, 4>, 4> matrix{};  // [label][assessed]
  int evasion_total = 0, evasion_hit = 0;
  int severe_as_low = 0;  // HIGH/BLOCKED assessed LOW
  std::vector<std::string> misses;

  void add(const Sample& s, RiskLevel got) {
    auto l = static_cast<size_t>(s.label), g = static_cast<size_t>(got);
    ++matrix[l][g];
    if (s.evasion) {
      ++evasion_total;
      if (l == g) ++evasion_hit;
    }
    if (l >= 2 && got == RiskLevel::low) ++severe_as_low;
    if (l != g) misses.push_back(s.name + ": expected " + to_string(s.label) + ", got " + to_string(got));
  }
  double precision(int level) const {
    int tp = matrix[level][level], col = 0;
    for (int l = 0; l < 4; ++l) col += matrix[l][level];
    return col ? static_cast<double>(tp) / col : 1.0;
  }
  double recall(int level) const {
    int tp = matrix[level][level], row = 0;
    for (int g = 0; g < 4; ++g) row += matrix[level][g];
    return row ? static_cast<double>(tp) / row : 1.0;
  }
  double exact() const {
    int ok = 0, all = 0;
    for (int l = 0; l < 4; ++l)
      for (int g = 0; g < 4; ++g) {
        all += matrix[l][g];
        if (l == g) ok += matrix[l][g];
      }
    return all ? static_cast<double>(ok) / all : 1.0;
  }
  // Share of `level` rated higher.
  double raised(int level) const {
    int up = 0, row = 0;
    for (int g = 0; g < 4; ++g) {
      row += matrix[level][g];
      if (g > level) up += matrix[level][g];
    }
    return row ? static_cast<double>(up) / row : 0.0;
  }
  // Share of `level` rated LOW.
  double lowered_to_low(int level) const {
    int row = 0;
    for (int g = 0; g < 4; ++g) row += matrix[level][g];
    return row ? static_cast<double>(matrix[level][0]) / row : 0.0;
  }
  double evasion_recall() const { return evasion_total ? static_cast<double>(evasion_hit) / evasion_total : 1.0; }

  std::string report() const {
    const char* names[] = {"LOW", "MEDIUM", "HIGH", "BLOCKED"};
    std::ostringstream o;
    o << "confusion matrix (rows: label, columns: assessed)\n";
    o << "           LOW  MEDIUM    HIGH BLOCKED\n";
    for (int l = 0; l < 4; ++l) {
      o.width(8);
      o << names[l];
      for (int g = 0; g < 4; ++g) {
        o.width(8);
        o << matrix[l][g];
      }
      o << "\n";
    }
    o.setf(std::ios::fixed);
    o.precision(3);
    for (int l = 0; l < 4; ++l)
      o << names[l] << ": precision " << precision(l) << " recall " << recall(l) << "\n";
    o << "exact level " << exact() << "\n";
    o << "evasion recall " << evasion_recall() << " (" << evasion_hit << "/" << evasion_total << ")\n";
    o << "HIGH/BLOCKED assessed LOW: " << severe_as_low << "\n";
    return o.str();
  }
};

}  // namespace mai::assess::corpus
