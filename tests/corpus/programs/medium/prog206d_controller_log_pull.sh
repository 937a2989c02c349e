#!/usr/bin/env bash
# Pull the daily log bundle from each trailer's stove controller and
# unpack it for the weekly maintenance review.
# Usage: prog206d_controller_log_pull.sh [-d YYYY-MM-DD] [-o OUTDIR] [trailer ...]
set -euo pipefail

declare -A CONTROLLERS=(
  [trailer-01]="198.51.100.11"
  [trailer-02]="198.51.100.12"
  [trailer-03]="198.51.100.13"
)
DAY="$(date -d yesterday +%F 2>/dev/null || date +%F)"
OUT_DIR="./controller_logs"
STAGE="/tmp/sauna_ctl_stage"
TOKEN="${CTL_API_TOKEN:-}"
FAILED=()

msg() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() { sed -n '2,4p' "$0"; exit "${1:-0}"; }

curl_opts() {
  # controllers ship with self-signed certificates
  local opts=(--silent --show-error --fail --max-time 45 --insecure)
  [[ -n "$TOKEN" ]] && opts+=(-H "Authorization: Bearer $TOKEN")
  printf '%s\n' "${opts[@]}"
}

bundle_url() {
  local ip="$1"
  printf 'https://%s/api/logs/%s.tar.gz' "$ip" "$DAY"
}

fetch_one() {
  local name="$1" ip="${CONTROLLERS[$1]}"
  local archive="$STAGE/$name-$DAY.tar.gz"
  local -a opts
  mapfile -t opts < <(curl_opts)
  msg "fetching $name ($ip)"
  if ! curl "${opts[@]}" -o "$archive" "$(bundle_url "$ip")"; then
    FAILED+=("$name")
    return 1
  fi
  local dest="$OUT_DIR/$name/$DAY"
  mkdir -p "$dest"
  tar -xzf "$archive" -C "$dest"
  msg "unpacked $(find "$dest" -type f | wc -l) file(s) into $dest"
}

summarise() {
  local name="$1" dest="$OUT_DIR/$1/$DAY"
  [[ -d "$dest" ]] || return 0
  local max
  max="$(cat "$dest"/*.csv 2>/dev/null | awk -F, 'NR>1 && $3>m {m=$3} END {print m+0}')"
  printf '%-12s max stove temp %s C\n' "$name" "$max"
}

main() {
  while getopts ":d:o:h" opt; do
    case "$opt" in
      d) DAY="$OPTARG" ;;
      o) OUT_DIR="$OPTARG" ;;
      h) usage 0 ;;
      *) usage 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  local targets=("$@")
  (( ${#targets[@]} )) || targets=("${!CONTROLLERS[@]}")

  mkdir -p "$STAGE" "$OUT_DIR"
  local t
  for t in "${targets[@]}"; do
    [[ -n "${CONTROLLERS[$t]:-}" ]] || { msg "unknown trailer $t"; continue; }
    fetch_one "$t" || msg "fetch failed for $t"
  done
  for t in "${targets[@]}"; do summarise "$t"; done
  rm -f "$STAGE"/*.tar.gz

  if (( ${#FAILED[@]} )); then
    msg "failed: ${FAILED[*]}"
    return 1
  fi
  msg "all controllers pulled for $DAY"
}

main "$@"
