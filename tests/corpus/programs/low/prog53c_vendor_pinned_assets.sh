#!/usr/bin/env bash
# vendor-assets.sh - fetch the pinned, non-executable assets this repository
# needs for local development (JSON schemas, test fixtures, fonts) into
# ./vendor/assets. Every file is checked against the sha256 recorded in
# assets.lock before it replaces the previous copy. Nothing leaves the repo.
set -euo pipefail

PROG=${0##*/}
ROOT=$(pwd)
LOCK_FILE="${ROOT}/assets.lock"
DEST_DIR="${ROOT}/vendor/assets"
STAGE_DIR="${ROOT}/vendor/.staging"
TIMEOUT=${ASSET_TIMEOUT:-30}
FORCE=0
QUIET=0

say()  { [ "$QUIET" -eq 1 ] || printf '%s: %s\n' "$PROG" "$*"; }
warn() { printf '%s: warning: %s\n' "$PROG" "$*" >&2; }
die()  { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

usage() {
  cat <<EOF
Usage: $PROG [-f] [-q] [-l LOCKFILE]
  -f  fetch again even if the asset already matches its checksum
  -q  quiet
  -l  lock file (default: assets.lock)
Lock file lines: <name> <url> <sha256>   (# starts a comment)
EOF
}

while getopts ':fql:h' opt; do
  case $opt in
    f) FORCE=1 ;;
    q) QUIET=1 ;;
    l) LOCK_FILE=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

cleanup() { rm -rf "$STAGE_DIR"; }
trap cleanup EXIT

fetch_asset() {
  local name=$1 url=$2 want=$3
  local final="${DEST_DIR}/${name}" part="${STAGE_DIR}/${name}.part"

  if [ "$FORCE" -eq 0 ] && [ -f "$final" ] && [ "$(sha256_of "$final")" = "$want" ]; then
    say "up to date: $name"
    return 0
  fi
  mkdir -p "$(dirname "$part")" "$(dirname "$final")"
  say "downloading $name"
  if ! curl -fsSL --proto '=https' --max-time "$TIMEOUT" -o "$part" "$url"; then
    warn "download failed: $name"
    return 1
  fi
  local got
  got=$(sha256_of "$part")
  if [ "$got" != "$want" ]; then
    warn "checksum mismatch for $name (expected $want, got $got)"
    rm -f "$part"
    return 1
  fi
  mv -f "$part" "$final"
  chmod 0644 "$final"
}

main() {
  [ -r "$LOCK_FILE" ] || die "cannot read $LOCK_FILE"
  mkdir -p "$DEST_DIR" "$STAGE_DIR"
  local total=0 failed=0 name url sum
  while read -r name url sum _; do
    case ${name:-#} in \#*) continue ;; esac
    if [ -z "${url:-}" ] || [ -z "${sum:-}" ]; then
      warn "malformed lock entry for '$name'"
      failed=$((failed + 1))
      continue
    fi
    case $name in
      /*|*..*) warn "refusing path outside vendor dir: $name"; failed=$((failed + 1)); continue ;;
    esac
    total=$((total + 1))
    fetch_asset "$name" "$url" "$sum" || failed=$((failed + 1))
  done < "$LOCK_FILE"

  say "$total asset(s) processed, $failed failure(s)"
  [ "$failed" -eq 0 ]
}

main "$@"
