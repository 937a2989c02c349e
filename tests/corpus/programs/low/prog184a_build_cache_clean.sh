#!/usr/bin/env bash
# build-clean: tidy the build outputs and caches of the movement-controller
# firmware checkout before handing a bench PC to the next contractor.
# Only touches paths inside the current checkout.
set -euo pipefail

ROOT="$(pwd)"
DRY=0
KEEP_LOGS=0

TARGETS=(build dist .cache .pytest_cache .mypy_cache)
PATTERNS=('*.pyc' '*.o' '*.elf' '*.hex.tmp')

log() { printf '[clean] %s\n' "$*"; }

os_name() {
  local NAME="unknown" VERSION_ID=""
  if [[ -r /etc/os-release ]]; then
    # shellcheck disable=SC1091
    . /etc/os-release
  fi
  printf '%s %s' "$NAME" "$VERSION_ID"
}

in_checkout() {
  [[ -f "$ROOT/platformio.ini" || -f "$ROOT/Makefile" || -d "$ROOT/.git" ]]
}

remove() {
  local path="$1"
  if (( DRY )); then
    log "would remove ${path#"$ROOT"/}"
  else
    rm -rf -- "${path:?}"
    log "removed ${path#"$ROOT"/}"
  fi
}

clean_dirs() {
  local d
  for d in "${TARGETS[@]}"; do
    [[ -e "$ROOT/$d" ]] && remove "$ROOT/$d"
  done
  while IFS= read -r -d '' d; do
    remove "$d"
  done < <(find "$ROOT" -type d -name __pycache__ -not -path '*/.git/*' -print0)
}

clean_files() {
  local pat f
  for pat in "${PATTERNS[@]}"; do
    while IFS= read -r -d '' f; do
      remove "$f"
    done < <(find "$ROOT" -type f -name "$pat" -not -path '*/.git/*' -print0)
  done
  if (( ! KEEP_LOGS )); then
    find "$ROOT" -maxdepth 1 -type f -name 'build-*.log' -print0 |
      while IFS= read -r -d '' f; do remove "$f"; done
  fi
}

usage() { echo "usage: $0 [-n] [-k]   (-n dry run, -k keep build logs)"; }

while getopts "nkh" opt; do
  case "$opt" in
    n) DRY=1 ;;
    k) KEEP_LOGS=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 1 ;;
  esac
done

if ! in_checkout; then
  log "$ROOT does not look like a firmware checkout; refusing"
  exit 1
fi

before="$(du -sk "$ROOT" | cut -f1)"
log "host: $(os_name); checkout: $ROOT"
clean_dirs
clean_files
after="$(du -sk "$ROOT" | cut -f1)"
log "freed $(( before - after )) KiB"
