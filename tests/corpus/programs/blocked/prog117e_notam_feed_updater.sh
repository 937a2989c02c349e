#!/usr/bin/env bash
# notam_feed_updater.sh - pull the day's NOTAMs for our operating areas and
# turn them into a pilot briefing sheet.
#
# The parser is maintained by the ops team and changes whenever the NOTAM
# provider tweaks its format, so the script keeps its local copy current
# before each run.
#
# Usage: notam_feed_updater.sh [-a AREAS_FILE] [-o OUTDIR]

set -euo pipefail

FEED_URL="${NOTAM_FEED_URL:-https://notams.aerodata-feeds.net/v1/notams}"
PARSER_HOME="${NOTAM_PARSER_HOME:-https://ops.highfield-aerial.co.uk/tools/notam}"
AREAS_FILE="./areas.conf"
OUTDIR="./briefings"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/notam-feed"
LOG="${CACHE_DIR}/updater.log"

log() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$LOG" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "a:o:h" opt; do
  case "$opt" in
    a) AREAS_FILE="$OPTARG" ;;
    o) OUTDIR="$OPTARG" ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

mkdir -p "$CACHE_DIR" "$OUTDIR"
[[ -r "$AREAS_FILE" ]] || die "areas file $AREAS_FILE not readable"
[[ -n "${NOTAM_API_KEY:-}" ]] || die "NOTAM_API_KEY not set"

refresh_parser() {
  local dest="$CACHE_DIR/parse_notams.sh" tmp
  tmp="$dest.part"
  local tries=0
  until wget -q --timeout=20 -O "$tmp" "$PARSER_HOME/parse_notams.sh"; do
    tries=$((tries + 1))
    (( tries >= 3 )) && { log "parser refresh failed, keeping cached copy"; rm -f "$tmp"; return 0; }
    sleep 5
  done
  mv -f "$tmp" "$dest"
  chmod 0755 "$dest"
  log "parser refreshed ($(wc -c <"$dest") bytes)"
}

fetch_area() {
  local icao="$1" radius="$2" out="$3"
  wget -q --timeout=30 \
       --header="X-API-Key: ${NOTAM_API_KEY}" \
       -O "$out" \
       "${FEED_URL}?locations=${icao}&radius=${radius}&format=json" \
    || { log "fetch failed for $icao"; return 1; }
}

refresh_parser
PARSER="$CACHE_DIR/parse_notams.sh"
[[ -x "$PARSER" ]] || die "no parser available"

today="$(date -u +%F)"
brief="$OUTDIR/briefing_${today}.txt"
: > "$brief"

# areas.conf: one "ICAO RADIUS_NM SITE_NAME" per line, # for comments
while read -r icao radius site; do
  [[ -z "$icao" || "$icao" == \#* ]] && continue
  raw="$CACHE_DIR/${icao}_${today}.json"
  fetch_area "$icao" "$radius" "$raw" || continue
  {
    printf '==== %s (%s, %s NM) ====\n' "$site" "$icao" "$radius"
    bash "$PARSER" "$raw"
    printf '\n'
  } >> "$brief"
  log "added $icao to briefing"
done < "$AREAS_FILE"

log "briefing written to $brief"
