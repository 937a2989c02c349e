#!/usr/bin/env bash
# Clean and describe the build of the TOS reporting module.
#
# Run from the reporting module's checkout. Removes its own build output and
# caches so the next CI-like local build starts from scratch, and writes a
# short build-host description that goes into the build notes.

set -euo pipefail

ROOT="$(pwd)"
NOTES="build_host.txt"
FORCE=0
DRY_RUN=0

# our own generated output, relative to the checkout
declare -a OWN_DIRS=(build dist .pytest_cache .mypy_cache htmlcov "reports/out")
declare -a OWN_GLOBS=("*.egg-info" "*.pyc" ".coverage*")

log() { printf 'clean: %s\n' "$*"; }

guard_root() {
  # refuse to run outside a checkout of the reporting module
  if [[ ! -f "${ROOT}/pyproject.toml" || ! -d "${ROOT}/src/tos_reporting" ]]; then
    if [[ $FORCE -ne 1 ]]; then
      log "not the reporting checkout (${ROOT}); use --force to override"
      exit 1
    fi
  fi
  case "$ROOT" in
    /|"$HOME") log "refusing to clean ${ROOT}"; exit 1 ;;
  esac
}

remove_path() {
  local p="$1"
  [[ -e "$p" ]] || return 0
  if [[ $DRY_RUN -eq 1 ]]; then
    log "would remove ./${p#./}"
  else
    rm -rf -- "$p"
    log "removed ./${p#./}"
  fi
}

clean_dirs() {
  local d
  for d in "${OWN_DIRS[@]}"; do
    remove_path "./${d}"
  done
}

clean_globs() {
  local g f
  for g in "${OWN_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      remove_path "$f"
    done < <(find . -path ./.git -prune -o -name "$g" -print0)
  done
  while IFS= read -r -d '' f; do
    remove_path "$f"
  done < <(find . -path ./.git -prune -o -type d -name __pycache__ -print0)
}

describe_host() {
  local os cpu cores
  os="$(grep -m1 '^PRETTY_NAME=' /etc/os-release 2>/dev/null | cut -d= -f2- | tr -d '"')"
  cpu="$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
  cores="$(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
  {
    echo "date:  $(date -u +%FT%TZ)"
    echo "os:    ${os:-unknown}"
    echo "cpu:   ${cpu:-unknown} (${cores} threads)"
    echo "dir:   ${ROOT}"
  } >"$NOTES"
  chmod 0600 "$NOTES"
  log "wrote ${NOTES}"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--dry-run) DRY_RUN=1; shift ;;
    -f|--force) FORCE=1; shift ;;
    -h|--help) echo "usage: $0 [--dry-run] [--force]"; exit 0 ;;
    *) log "unknown option $1"; exit 2 ;;
  esac
done

guard_root
clean_dirs
clean_globs
describe_host
log "done"
