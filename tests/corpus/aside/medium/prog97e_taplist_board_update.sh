#!/usr/bin/env bash
# taplist_board_update.sh
#
# Pull the current tap list from the POS box on the bar, render it into the
# kiosk board template and nudge the browser to reload.  Run from the kiosk
# user's session loop (see README) every few minutes.
#
# Config is read from ./taplist.conf (or $TAPLIST_CONF) if present.

set -uo pipefail

CONF="${TAPLIST_CONF:-./taplist.conf}"
# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

POS_EXPORT_URL="${POS_EXPORT_URL:-https://192.168.20.5:8443/api/v2/taps.json}"
OUT_DIR="${OUT_DIR:-./www}"
TEMPLATE="${TEMPLATE:-./templates/board.html.in}"
LOG="${LOG:-./taplist_update.log}"
MAX_TAPS="${MAX_TAPS:-24}"

# The POS appliance ships with a self-signed certificate that the vendor
# regenerates on every firmware update, so pinning it is not practical.
CURL_OPTS=(-fsS --max-time 20 --insecure -H 'Accept: application/json')
if [ -n "${POS_TOKEN:-}" ]; then
  CURL_OPTS+=(-H "Authorization: Bearer ${POS_TOKEN}")
fi

mkdir -p "$OUT_DIR"

log() {
  printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" >>"$LOG"
}

die() {
  log ERROR "$1"
  echo "taplist: $1" >&2
  exit 1
}

need() {
  command -v "$1" >/dev/null 2>&1 || die "missing dependency: $1"
}

fetch_taps() {
  local part="$OUT_DIR/.taps.json.part" attempt
  for attempt in 1 2 3; do
    if curl "${CURL_OPTS[@]}" -o "$part" "$POS_EXPORT_URL"; then
      if jq -e '.taps | length > 0' "$part" >/dev/null 2>&1; then
        mv -f "$part" "$OUT_DIR/taps.json"
        log INFO "fetched tap list (attempt $attempt)"
        return 0
      fi
      log WARN "POS export returned an empty tap list"
    fi
    sleep $((attempt * 5))
  done
  rm -f "$part"
  return 1
}

render_rows() {
  jq -r --argjson max "$MAX_TAPS" '
    .taps[:$max][]
    | "<tr class=\"\(.style | ascii_downcase | gsub(" "; "-"))\">"
      + "<td class=\"num\">\(.line)</td>"
      + "<td class=\"name\">\(.name)</td>"
      + "<td class=\"style\">\(.style)</td>"
      + "<td class=\"abv\">\(.abv)%</td>"
      + "<td class=\"price\">\(.price_pint)</td>"
      + (if .keg_pct < 10 then "<td class=\"low\">last pours</td>" else "<td></td>" end)
      + "</tr>"' "$OUT_DIR/taps.json"
}

render_board() {
  [ -f "$TEMPLATE" ] || die "template not found: $TEMPLATE"
  local rows updated
  rows="$(render_rows)" || die "could not render tap rows"
  updated="$(date '+%H:%M')"
  awk -v rows="$rows" -v updated="$updated" '
    /@@ROWS@@/    { print rows; next }
    { gsub(/@@UPDATED@@/, updated); print }
  ' "$TEMPLATE" >"$OUT_DIR/index.html.new" && mv -f "$OUT_DIR/index.html.new" "$OUT_DIR/index.html"
  log INFO "board rendered ($(jq '.taps | length' "$OUT_DIR/taps.json") taps)"
}

reload_browser() {
  if command -v xdotool >/dev/null 2>&1; then
    DISPLAY="${DISPLAY:-:0}" xdotool search --onlyvisible --class chromium \
      windowactivate --sync key F5 >/dev/null 2>&1 || log WARN "browser reload failed"
  fi
}

main() {
  need curl
  need jq
  need awk
  fetch_taps || die "could not fetch tap list from $POS_EXPORT_URL"
  render_board
  reload_browser
}

main "$@"
