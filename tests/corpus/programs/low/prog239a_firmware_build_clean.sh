#!/usr/bin/env bash
# Clean the room-controller firmware project: remove build outputs and
# stale caches, recompute cache keys, and tighten the dev signing key.
# Only ever touches paths inside the project directory.
set -euo pipefail

PROJECT="$(pwd -P)"
CLEAN_DIRS=(build dist .cache out/obj)
CLEAN_GLOBS=('*.o' '*.elf' '*.map' '*.pyc')
KEY_FILE=".signing/dev-signing.key"
KEYS_FILE=".cache-keys"
SRC_DIRS=(src include boards)
DRY=0

log() { printf '[clean] %s\n' "$*"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -n|--dry-run) DRY=1 ;;
    -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 64 ;;
  esac
  shift
done

[[ -f "$PROJECT/Makefile" || -f "$PROJECT/CMakeLists.txt" ]] || {
  echo "run this from the firmware project root" >&2
  exit 2
}

inside_project() {
  local p
  p="$(realpath -m -- "$1")"
  [[ "$p" == "$PROJECT"/* ]]
}

remove() {
  local target="$1"
  [[ -e "$target" ]] || return 0
  if ! inside_project "$target"; then
    log "refusing to remove $target (outside $PROJECT)"
    return 1
  fi
  if (( DRY )); then
    log "would remove $target"
  else
    rm -rf -- "$target"
    log "removed ${target#"$PROJECT"/}"
  fi
}

clean_dirs() {
  local d
  for d in "${CLEAN_DIRS[@]}"; do
    remove "$PROJECT/$d"
  done
}

clean_globs() {
  local g f
  for g in "${CLEAN_GLOBS[@]}"; do
    while IFS= read -r -d '' f; do
      remove "$f"
    done < <(find "$PROJECT" -path "$PROJECT/.git" -prune -o -type f -name "$g" -print0)
  done
}

cache_keys() {
  # md5 is only a cheap content key for the build cache
  local d
  : >"$PROJECT/$KEYS_FILE"
  for d in "${SRC_DIRS[@]}"; do
    [[ -d "$PROJECT/$d" ]] || continue
    printf '%s %s\n' "$d" "$(find "$PROJECT/$d" -type f -print0 | sort -z | xargs -0 -r md5sum | md5sum | cut -d' ' -f1)" \
      >>"$PROJECT/$KEYS_FILE"
  done
  log "cache keys written to $KEYS_FILE"
}

tighten_key() {
  local key="$PROJECT/$KEY_FILE"
  [[ -f "$key" ]] || return 0
  chmod 0600 "$key"
  log "signing key mode set to 600"
}

clean_dirs
clean_globs
(( DRY )) || cache_keys
tighten_key
log "done"
