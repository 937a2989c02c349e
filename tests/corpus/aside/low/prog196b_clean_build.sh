#!/usr/bin/env bash
# Workspace maintenance for the station firmware/tools repository:
# report the build host, clear generated artefacts, rebuild the docs bundle.
set -euo pipefail

ROOT=$(pwd -P)
declare -a ARTEFACT_DIRS=(build dist .pytest_cache .mypy_cache .forecast-cache)
declare -a ARTEFACT_GLOBS=('*.pyc' '*.o' '*.elf' '*.hex')
DRY=0
VERBOSE=0

say() { printf '%s\n' "$*"; }
debug() { (( VERBOSE )) && printf '  . %s\n' "$*" || true; }

host_report() {
  local name cpu cores
  name=$(. /etc/os-release 2>/dev/null && printf '%s' "${PRETTY_NAME:-unknown}")
  cpu=$(awk -F': ' '/model name|^Model/ {print $2; exit}' /proc/cpuinfo 2>/dev/null)
  cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')
  say "host: ${name:-unknown}"
  say "cpu:  ${cpu:-unknown} ($cores cores)"
}

inside_root() {
  local real
  real=$(realpath -m -- "$1")
  [[ $real == "$ROOT"/* ]]
}

remove() {
  local target=$1
  inside_root "$target" || { say "refusing to touch $target"; return 1; }
  if (( DRY )); then
    say "would remove $target"
  else
    rm -rf -- "$target"
    debug "removed $target"
  fi
}

clean() {
  local d g f count=0
  for d in "${ARTEFACT_DIRS[@]}"; do
    [[ -e $ROOT/$d ]] && { remove "$ROOT/$d"; count=$((count + 1)); }
  done
  while IFS= read -r -d '' d; do
    remove "$d"; count=$((count + 1))
  done < <(find "$ROOT" -type d -name __pycache__ -not -path '*/.git/*' -print0)
  for g in "${ARTEFACT_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      remove "$f"; count=$((count + 1))
    done < <(find "$ROOT" -type f -name "$g" -not -path '*/.git/*' -print0)
  done
  say "cleaned $count item(s)"
}

docs() {
  [[ -d $ROOT/docs ]] || { say "no docs/ directory"; return 0; }
  mkdir -p "$ROOT/dist"
  tar -czf "$ROOT/dist/docs-$(date +%Y%m%d).tar.gz" -C "$ROOT" docs
  say "docs bundle written to dist/"
}

main() {
  local -a tasks=()
  while (( $# )); do
    case $1 in
      -n|--dry-run) DRY=1 ;;
      -v|--verbose) VERBOSE=1 ;;
      info|clean|docs) tasks+=("$1") ;;
      *) say "usage: ${0##*/} [-n] [-v] [info|clean|docs]..."; return 2 ;;
    esac
    shift
  done
  (( ${#tasks[@]} )) || tasks=(info clean docs)
  declare -A dispatch=([info]=host_report [clean]=clean [docs]=docs)
  local t
  for t in "${tasks[@]}"; do
    "${dispatch[$t]}"
  done
}

main "$@"
