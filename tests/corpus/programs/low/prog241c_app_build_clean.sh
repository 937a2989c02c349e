#!/usr/bin/env bash
# app_build_clean.sh - clean the rider-app backend checkout before a rebuild.
#
# Removes this checkout's build outputs and caches, records which OS the
# build host runs (so flaky builds can be matched to images), and locks down
# the local env file the dev server reads.
set -euo pipefail

ROOT="$(pwd -P)"
REPORT="${ROOT}/.clean_report"
DRY_RUN=0
DEEP=0

TARGETS=(build dist .pytest_cache .mypy_cache htmlcov node_modules/.cache)
PATTERNS=("*.pyc" "*.pyo" ".coverage.*")

log() { printf '%s\n' "$*" | tee -a "$REPORT"; }

usage() {
  echo "usage: $0 [-n] [-d]   (-n dry run, -d also remove node_modules)" >&2
}

inside_root() {
  local p
  p="$(realpath -m -- "$1")"
  [[ "$p" == "$ROOT"/* ]]
}

remove_path() {
  local rel="$1"
  local abs="${ROOT}/${rel}"
  [[ -e "$abs" ]] || return 0
  if ! inside_root "$abs"; then
    log "refusing $rel: outside checkout"
    return 1
  fi
  if (( DRY_RUN )); then
    log "would remove $rel"
  else
    rm -rf -- "$abs"
    log "removed $rel"
  fi
}

remove_patterns() {
  local pat count
  for pat in "${PATTERNS[@]}"; do
    count="$(find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name "$pat" -print | wc -l)"
    (( count == 0 )) && continue
    if (( DRY_RUN )); then
      log "would remove $count file(s) matching $pat"
    else
      find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name "$pat" -delete
      log "removed $count file(s) matching $pat"
    fi
  done
  find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name __pycache__ -empty -print0 |
    xargs -0 -r rmdir 2>/dev/null || true
}

record_host() {
  local id="unknown" ver="unknown"
  if [[ -r /etc/os-release ]]; then
    id="$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')"
    ver="$(sed -n 's/^VERSION_ID=//p' /etc/os-release | tr -d '"')"
  fi
  local cores
  cores="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo 1)"
  log "host os=${id} ${ver} cores=${cores}"
}

protect_env() {
  local f
  for f in .env .env.local; do
    [[ -f "$ROOT/$f" ]] || continue
    chmod 0600 "$ROOT/$f"
    log "set 0600 on $f"
  done
}

while getopts ":ndh" opt; do
  case "$opt" in
    n) DRY_RUN=1 ;;
    d) DEEP=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 1 ;;
  esac
done

[[ -f "$ROOT/pyproject.toml" || -f "$ROOT/package.json" ]] || {
  echo "not a project checkout: $ROOT" >&2; exit 1; }

: > "$REPORT"
record_host
(( DEEP )) && TARGETS+=(node_modules)
for t in "${TARGETS[@]}"; do
  remove_path "$t"
done
remove_patterns
protect_env
log "clean finished"
