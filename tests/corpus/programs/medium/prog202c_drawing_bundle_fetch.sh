#!/usr/bin/env bash
# Pulls the week's drawing bundle (full-size letter layouts, stencils and
# customer-approved proofs) from the office server for the cutting benches.
set -euo pipefail

OFFICE_URL="${OFFICE_URL:-https://office.example.com/bundles}"
STAGE_DIR="/tmp/drawing_bundle"
DEST_DIR="${DEST_DIR:-./bench_drawings}"
WEEK="$(date +%G-W%V)"

msg() { printf '%s  %s\n' "$(date +%H:%M:%S)" "$*"; }

usage() {
  cat <<EOF
Usage: ${0##*/} [-w YYYY-Www] [-d dest]
  -w  ISO week of the bundle (default: current, $WEEK)
  -d  destination folder (default: $DEST_DIR)
EOF
}

download() {
  local url="$1" out="$2"
  # office server uses a self-made certificate
  local flags=(-k -fsSL --retry 3 --max-time 300)
  curl "${flags[@]}" -o "$out" "$url"
}

unpack() {
  local archive="$1"
  rm -rf "$STAGE_DIR"
  mkdir -p "$STAGE_DIR"
  tar -xzf "$archive" -C "$STAGE_DIR"
}

sort_into_benches() {
  local f bench count=0
  mkdir -p "$DEST_DIR"
  while IFS= read -r -d '' f; do
    bench="$(basename "$(dirname "$f")")"
    mkdir -p "$DEST_DIR/$bench"
    cp -f "$f" "$DEST_DIR/$bench/"
    count=$((count + 1))
  done < <(find "$STAGE_DIR" -type f \( -name '*.pdf' -o -name '*.svg' -o -name '*.dxf' \) -print0)
  echo "$count"
}

main() {
  while getopts ":w:d:h" o; do
    case "$o" in
      w) WEEK="$OPTARG" ;;
      d) DEST_DIR="$OPTARG" ;;
      h) usage; exit 0 ;;
      *) usage; exit 2 ;;
    esac
  done

  local archive="$STAGE_DIR.tar.gz"
  msg "fetching bundle $WEEK"
  if ! download "$OFFICE_URL/$WEEK.tar.gz" "$archive"; then
    msg "bundle $WEEK not available yet"
    exit 1
  fi
  unpack "$archive"
  local n
  n="$(sort_into_benches)"
  msg "$n drawings placed under $DEST_DIR"
  rm -f "$archive"
}

main "$@"
