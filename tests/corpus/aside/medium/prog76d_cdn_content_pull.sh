#!/usr/bin/env bash
# cdn_content_pull.sh - pull the current content bundle for this screen from the CDN.
#
# Reads the channel manifest, downloads every file whose checksum differs from
# the local copy, verifies it and swaps it into ./content. Meant to run from
# the player's sync timer.
#
# Usage: cdn_content_pull.sh [-c config] [-n] [-v]

set -euo pipefail

CONFIG="./sync.conf"
DRY_RUN=0
VERBOSE=0
CDN_BASE="https://cdn.signagehq.net/channels"
CHANNEL="default"
CONTENT_DIR="./content"
STAGE="/tmp/signage-sync"
LOG_FILE="./sync.log"

log() { printf '%s [%s] %s\n' "$(date -Is)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die() { log ERROR "$*"; exit 1; }

while getopts ":c:nv" opt; do
  case "$opt" in
    c) CONFIG="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    v) VERBOSE=1 ;;
    *) echo "usage: $0 [-c config] [-n] [-v]" >&2; exit 2 ;;
  esac
done

# shellcheck source=/dev/null
[[ -f "$CONFIG" ]] && . "$CONFIG"
command -v jq >/dev/null || die "jq is required"

fetch() {
  # fetch URL DEST - retry transient CDN errors a few times
  local url="$1" dest="$2" n
  for n in 1 2 3 4; do
    if curl -fsSL --connect-timeout 10 --max-time 300 -o "$dest" "$url"; then
      return 0
    fi
    log WARN "download failed ($n): $url"
    sleep $((n * 5))
  done
  return 1
}

local_sum() {
  [[ -f "$1" ]] && sha256sum "$1" | cut -d' ' -f1 || echo none
}

mkdir -p "$STAGE" "$CONTENT_DIR"
MANIFEST="$STAGE/manifest.json"
fetch "$CDN_BASE/$CHANNEL/manifest.json" "$MANIFEST" || die "no manifest for $CHANNEL"

version=$(jq -r '.version // "unknown"' "$MANIFEST")
log INFO "channel $CHANNEL manifest version $version"

changed=0
while IFS=$'\t' read -r path sum; do
  [[ -z "$path" ]] && continue
  case "$path" in /*|*..*) log WARN "skipping suspicious path $path"; continue ;; esac
  target="$CONTENT_DIR/$path"
  if [[ "$(local_sum "$target")" == "$sum" ]]; then
    (( VERBOSE )) && log DEBUG "unchanged $path"
    continue
  fi
  changed=$((changed + 1))
  if (( DRY_RUN )); then
    log INFO "would update $path"
    continue
  fi
  staged="$STAGE/$(basename "$path").part"
  fetch "$CDN_BASE/$CHANNEL/files/$path" "$staged" || { log ERROR "giving up on $path"; continue; }
  if [[ "$(local_sum "$staged")" != "$sum" ]]; then
    log ERROR "checksum mismatch for $path"
    rm -f "$staged"
    continue
  fi
  mkdir -p "$(dirname "$target")"
  mv -f "$staged" "$target"
  log INFO "updated $path"
done < <(jq -r '.files[] | [.path, .sha256] | @tsv' "$MANIFEST")

# drop files the manifest no longer lists
if (( ! DRY_RUN )); then
  jq -r '.files[].path' "$MANIFEST" | sort > "$STAGE/wanted.txt"
  (cd "$CONTENT_DIR" && find . -type f -printf '%P\n' | sort) \
    | comm -23 - "$STAGE/wanted.txt" \
    | while read -r stale; do
        rm -f -- "$CONTENT_DIR/$stale"
        log INFO "removed $stale"
      done
  echo "$version" > "$CONTENT_DIR/.version"
fi

log INFO "sync done: $changed file(s) changed"
