#!/usr/bin/env bash
# quote_tool_build_tidy.sh - tidy the quoting tool's checkout before a release.
# Removes the build outputs and caches this project creates in its own
# directory, then prints a short environment summary for the release notes.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPORT="${REPORT:-$PROJECT_ROOT/tidy-report.txt}"
DRY_RUN="${DRY_RUN:-0}"

declare -a BUILD_DIRS=(build dist .pytest_cache .mypy_cache htmlcov)
declare -a CACHE_GLOBS=("*.pyc" "*.pyo" ".coverage" "*.egg-info")

say() { printf '%s\n' "$*" | tee -a "$REPORT"; }

inside_project() {
  local target
  target="$(realpath -m "$1")"
  [[ "$target" == "$PROJECT_ROOT"/* ]]
}

remove() {
  local target="$1"
  inside_project "$target" || { say "refusing $target (outside project)"; return 0; }
  if [[ "$DRY_RUN" == 1 ]]; then
    say "would remove ${target#"$PROJECT_ROOT"/}"
  else
    rm -rf -- "$target"
    say "removed ${target#"$PROJECT_ROOT"/}"
  fi
}

tidy_dirs() {
  local d
  for d in "${BUILD_DIRS[@]}"; do
    [[ -e "$PROJECT_ROOT/$d" ]] && remove "$PROJECT_ROOT/$d"
  done
  while IFS= read -r -d '' d; do
    remove "$d"
  done < <(find "$PROJECT_ROOT" -type d -name __pycache__ -print0)
}

tidy_files() {
  local g f
  for g in "${CACHE_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      remove "$f"
    done < <(find "$PROJECT_ROOT" -name "$g" -not -path '*/.git/*' -print0)
  done
}

summary() {
  local os_name="unknown" kernel cpus
  if [[ -r /etc/os-release ]]; then
    os_name="$(. /etc/os-release && printf '%s' "${PRETTY_NAME:-$NAME}")"
  fi
  kernel="$(uname -r)"
  cpus="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
  say "os:      $os_name"
  say "kernel:  $kernel"
  say "cpus:    $cpus"
  say "size:    $(du -sh "$PROJECT_ROOT" | cut -f1)"
}

: > "$REPORT"
say "tidy run $(date +%F\ %T) in $PROJECT_ROOT"
declare -A ACTIONS=([dirs]=tidy_dirs [files]=tidy_files [summary]=summary)
declare -a WANT=("$@")
[[ ${#WANT[@]} -gt 0 ]] || WANT=(dirs files summary)
for a in "${WANT[@]}"; do
  "${ACTIONS[$a]:?unknown action $a}"
done
