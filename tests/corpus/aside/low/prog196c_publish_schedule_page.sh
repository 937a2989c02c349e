#!/usr/bin/env bash
# Builds the public-skate schedule page from schedule.csv in the current
# directory into ./build, marking statutory holidays.
set -euo pipefail

SRC="${1:-schedule.csv}"
OUT_DIR="./build"
COUNTRY="${HOLIDAY_COUNTRY:-CA}"
YEAR="$(date +%Y)"
HOLIDAY_CACHE="./.holidays-${COUNTRY}-${YEAR}.json"

declare -a COLUMNS=(date start end session)

log() { printf '%s\n' "$*" >&2; }

fetch_holidays() {
  if [[ ! -s "$HOLIDAY_CACHE" ]]; then
    curl -fsS --max-time 10 -o "$HOLIDAY_CACHE" \
      "https://date.nager.at/api/v3/PublicHolidays/${YEAR}/${COUNTRY}" \
      || { log "holiday list unavailable"; echo '[]' > "$HOLIDAY_CACHE"; }
  fi
  grep -o '"date":"[0-9-]*"' "$HOLIDAY_CACHE" | cut -d'"' -f4
}

html_head() {
  cat <<HTML
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Public skating</title>
<link rel="stylesheet" href="style.css"></head><body>
<h1>Public skating schedule</h1>
<table><tr>$(printf '<th>%s</th>' "${COLUMNS[@]}")</tr>
HTML
}

html_rows() {
  local -A holiday=()
  local d
  while read -r d; do holiday[$d]=1; done < <(fetch_holidays)
  tail -n +2 "$SRC" | sort -t, -k1,1 -k2,2 | while IFS=, read -r date start end session; do
    local cls=""
    [[ -n "${holiday[$date]:-}" ]] && cls=' class="holiday"'
    printf '<tr%s><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
      "$cls" "$date" "$start" "$end" "${session//</&lt;}"
  done
}

html_tail() {
  printf '</table>\n<p>Updated %s</p>\n</body></html>\n' "$(date '+%F %H:%M')"
}

build() {
  rm -rf "$OUT_DIR"
  mkdir -p "$OUT_DIR"
  { html_head; html_rows; html_tail; } > "${OUT_DIR}/index.html"
  [[ -f style.css ]] && cp style.css "$OUT_DIR/"
  log "wrote ${OUT_DIR}/index.html ($(grep -c '<tr' "${OUT_DIR}/index.html") rows incl. header)"
}

main() {
  if [[ ! -f "$SRC" ]]; then
    log "usage: ${0##*/} [schedule.csv]  (file not found: $SRC)"
    exit 1
  fi
  case "${2:-build}" in
    build) build ;;
    clean) rm -rf "$OUT_DIR" "$HOLIDAY_CACHE"; log "cleaned" ;;
    *) log "unknown action $2"; exit 2 ;;
  esac
}

main "$@"
