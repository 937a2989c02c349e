#!/usr/bin/env bash
# Daily digest of upcoming clock lots from the public listings feed.
set -euo pipefail

FEED_BASE="${FEED_BASE:-https://listings.example.com/api/v1}"
CATEGORY="${CATEGORY:-clocks}"
WORK_DIR="./.digest-work"
OUT_FILE="${OUT_FILE:-./clock_digest_$(date +%Y%m%d).txt}"
MIN_ESTIMATE=0
KEEP_WORK=0

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
  cat >&2 <<EOT
usage: ${0##*/} [-c category] [-m min_estimate] [-o outfile] [-k]
EOT
}

fetch_page() {
  local page="$1" dest="$2"
  curl -fsS --max-time 20 \
    -H 'Accept: text/csv' \
    "${FEED_BASE}/lots?category=${CATEGORY}&page=${page}" -o "$dest"
}

collect() {
  local page=1 file
  while :; do
    file="${WORK_DIR}/page_${page}.csv"
    if ! fetch_page "$page" "$file"; then
      log "page $page unavailable, stopping"
      break
    fi
    [[ $(wc -l < "$file") -le 1 ]] && break
    log "page $page: $(( $(wc -l < "$file") - 1 )) lots"
    page=$((page + 1))
    [[ $page -gt 20 ]] && break
  done
}

summarise() {
  local -a pages=("${WORK_DIR}"/page_*.csv)
  [[ -e "${pages[0]}" ]] || { log "nothing downloaded"; return 1; }
  tail -q -n +2 "${pages[@]}" |
    awk -F',' -v min="$MIN_ESTIMATE" '
      $5 + 0 >= min { n++; sum += $5; print $1 "\t" $3 "\t" $2 "\t" $5 }
      END { printf "TOTAL\t%d lots\t\testimate sum %d\n", n, sum }' |
    sort -t$'\t' -k4,4nr > "$OUT_FILE"
  log "digest written to $OUT_FILE"
}

tidy() {
  [[ $KEEP_WORK -eq 1 ]] && return 0
  rm -rf -- "$WORK_DIR"
}

while getopts "c:m:o:kh" opt; do
  case "$opt" in
    c) CATEGORY="$OPTARG" ;;
    m) MIN_ESTIMATE="$OPTARG" ;;
    o) OUT_FILE="$OPTARG" ;;
    k) KEEP_WORK=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

mkdir -p "$WORK_DIR"
trap tidy EXIT
collect
summarise
head -n 15 "$OUT_FILE"
