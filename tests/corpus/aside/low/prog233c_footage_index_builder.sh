#!/usr/bin/env bash
# footage_index_builder.sh - build a searchable index of exported CCTV clips
# in the current incident folder (camera, time, size, checksum), reusing
# cached checksums so re-runs on big folders are quick.
#
# Usage: footage_index_builder.sh [-d clip-dir] [-c] [-q]
#   -c  clear the checksum cache first
#   -q  quiet

set -u

CLIP_DIR="./clips"
CACHE_DIR="./.index_cache"
INDEX="./footage_index.tsv"
CLEAR=0
QUIET=0

while getopts ":d:cq" opt; do
  case "$opt" in
    d) CLIP_DIR="$OPTARG" ;;
    c) CLEAR=1 ;;
    q) QUIET=1 ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
  esac
done

info() { [ "$QUIET" -eq 1 ] || echo "[index] $*"; }

# clip names look like CAM07_20241102T151230.mp4
parse_name() {
  local base="${1##*/}"
  base="${base%.*}"
  local cam="${base%%_*}"
  local stamp="${base#*_}"
  printf '%s\t%s' "$cam" "$stamp"
}

cache_key() {
  # cache key from path + size + mtime, so edited clips are re-hashed
  local f="$1"
  printf '%s|%s|%s' "$f" "$(stat -c %s "$f")" "$(stat -c %Y "$f")" | md5sum | cut -d' ' -f1
}

clip_sum() {
  local f="$1" key cached
  key="$(cache_key "$f")"
  cached="$CACHE_DIR/$key"
  if [ -s "$cached" ]; then
    cat "$cached"
    return
  fi
  sha256sum "$f" | cut -d' ' -f1 | tee "$cached"
}

prepare() {
  [ -d "$CLIP_DIR" ] || { echo "no clip folder $CLIP_DIR" >&2; exit 1; }
  if [ "$CLEAR" -eq 1 ] && [ -d "$CACHE_DIR" ]; then
    rm -rf -- "$CACHE_DIR"
    info "checksum cache cleared"
  fi
  mkdir -p "$CACHE_DIR"
}

build() {
  local n=0 f size
  {
    printf 'camera\ttimestamp\tbytes\tsha256\tpath\n'
    while IFS= read -r -d '' f; do
      size=$(stat -c %s "$f")
      printf '%s\t%s\t%s\t%s\n' "$(parse_name "$f")" "$size" "$(clip_sum "$f")" "$f"
      n=$((n + 1))
      [ $((n % 50)) -eq 0 ] && info "$n clips indexed" >&2
    done < <(find "$CLIP_DIR" -type f \( -name '*.mp4' -o -name '*.mkv' \) -print0 | sort -z)
  } > "$INDEX.partial"
  mv -f "$INDEX.partial" "$INDEX"
  # the index names incident footage; keep it private to this account
  chmod 600 "$INDEX"
  info "index written: $INDEX ($(($(wc -l < "$INDEX") - 1)) clips)"
}

per_camera() {
  [ "$QUIET" -eq 1 ] && return
  awk -F'\t' 'NR>1 {c[$1]++; b[$1]+=$3} END {for (k in c) printf "  %-8s %4d clips %8.1f MB\n", k, c[k], b[k]/1048576}' "$INDEX" | sort
}

prune_cache() {
  # drop cache entries older than a week
  find "$CACHE_DIR" -type f -mtime +7 -delete
}

prepare
build
per_camera
prune_cache
