#!/usr/bin/env bash
# publish_results.sh - build the results page for a club fun run and push it
# to the club website.
#
#   usage: publish_results.sh -e <event-slug> [-r results.csv] [-n]
#
# The page header/footer come from the club CMS so the results pages match the
# rest of the site. Results CSV columns: pos,bib,name,category,chip_time
set -euo pipefail

EVENT="${EVENT:-}"
RESULTS_CSV="results.csv"
DRY_RUN=0
CMS_BASE="${CMS_BASE:-https://cms.harbourharriers.example.org}"
WEB_HOST="${WEB_HOST:-deploy@web01.harbourharriers.example.org}"
WEB_PATH="${WEB_PATH:-/srv/www/results}"
TEMPLATE_DIR="/tmp/hh_results_templates"
OUT_DIR="./build"

log() { printf '%s [publish] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":e:r:nh" opt; do
  case "$opt" in
    e) EVENT="$OPTARG" ;;
    r) RESULTS_CSV="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

[[ -n "$EVENT" ]] || die "event slug required (-e)"
[[ -f "$RESULTS_CSV" ]] || die "no results file at $RESULTS_CSV"

fetch_part() {
  # The CMS still runs on the committee NAS with its self-signed certificate.
  local part="$1" attempt
  mkdir -p "$TEMPLATE_DIR"
  for attempt in 1 2 3; do
    if curl -fsS --insecure --max-time 20 \
         -o "$TEMPLATE_DIR/$part.html" \
         "$CMS_BASE/templates/results-$part.html?event=$EVENT"; then
      return 0
    fi
    log "fetch of $part failed (attempt $attempt)"
    sleep $((attempt * 2))
  done
  return 1
}

render_rows() {
  awk -F',' '
    NR == 1 { next }
    {
      for (i = 1; i <= NF; i++) { gsub(/&/, "\\&amp;", $i); gsub(/</, "\\&lt;", $i) }
      printf "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
             $1, $2, $3, $4, $5
    }' "$RESULTS_CSV"
}

build_page() {
  local page="$OUT_DIR/$EVENT/index.html"
  mkdir -p "$OUT_DIR/$EVENT"
  {
    if [[ -s "$TEMPLATE_DIR/header.html" ]]; then cat "$TEMPLATE_DIR/header.html"
    else printf '<html><body><h1>%s results</h1>\n' "$EVENT"; fi
    printf '<table class="results">\n<tr><th>Pos</th><th>Bib</th><th>Name</th><th>Cat</th><th>Time</th></tr>\n'
    render_rows
    printf '</table>\n<p>Updated %s</p>\n' "$(date '+%d %b %Y %H:%M')"
    if [[ -s "$TEMPLATE_DIR/footer.html" ]]; then cat "$TEMPLATE_DIR/footer.html"
    else printf '</body></html>\n'; fi
  } > "$page"
  cp "$RESULTS_CSV" "$OUT_DIR/$EVENT/results.csv"
  log "built $page ($(($(wc -l < "$RESULTS_CSV") - 1)) finishers)"
}

upload() {
  if (( DRY_RUN )); then
    log "dry run: would rsync $OUT_DIR/$EVENT/ to $WEB_HOST:$WEB_PATH/$EVENT/"
    return 0
  fi
  rsync -az --delete -e "ssh -o BatchMode=yes" \
    "$OUT_DIR/$EVENT/" "$WEB_HOST:$WEB_PATH/$EVENT/"
  log "published to $WEB_PATH/$EVENT"
}

main() {
  fetch_part header || log "using plain header"
  fetch_part footer || log "using plain footer"
  build_page
  upload
}

main "$@"
