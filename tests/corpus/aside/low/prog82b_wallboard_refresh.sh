#!/usr/bin/env bash
# wallboard_refresh.sh - render the queue wallboard page from live PBX stats.
#
# Pulls queue summary JSON from the PBX stats API and writes a static HTML
# page (./wallboard/index.html) that the TVs on the floor auto-reload.
#
# Usage: wallboard_refresh.sh [-c wallboard.conf] [--watch SECONDS]
set -euo pipefail

CONF="./wallboard.conf"
WATCH=0
OUT_DIR="./wallboard"

log() { printf '%s [wallboard] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c|--config) CONF="$2"; shift 2 ;;
        --watch)     WATCH="$2"; shift 2 ;;
        -o|--out)    OUT_DIR="$2"; shift 2 ;;
        -h|--help)   sed -n '2,8p' "$0"; exit 0 ;;
        *)           die "unknown option $1" ;;
    esac
done

[[ -r "$CONF" ]] || die "config $CONF not readable"
# shellcheck source=/dev/null
. "$CONF"
: "${STATS_URL:?STATS_URL missing from $CONF}"
: "${QUEUES:=sales support billing}"
: "${SLA_SECONDS:=20}"
TOKEN="${PBX_STATS_TOKEN:-}"

command -v jq >/dev/null || die "jq is required"
mkdir -p "$OUT_DIR"

fetch_stats() {
    local q="$1"
    curl -fsS --max-time 8 --retry 2 \
         -H "Accept: application/json" \
         ${TOKEN:+-H "Authorization: Bearer $TOKEN"} \
         "${STATS_URL%/}/queues/${q}/summary"
}

render_row() {
    local q="$1" json="$2"
    jq -r --arg q "$q" --argjson sla "$SLA_SECONDS" '
        . as $s |
        (if $s.offered > 0 then ($s.answered_within_sla * 100 / $s.offered | floor) else 100 end) as $pct |
        "<tr class=\"" + (if $pct < 80 then "bad" elif $pct < 90 then "warn" else "ok" end) + "\">" +
        "<td>" + $q + "</td>" +
        "<td>" + ($s.waiting|tostring) + "</td>" +
        "<td>" + ($s.longest_wait|tostring) + "s</td>" +
        "<td>" + ($s.agents_available|tostring) + "/" + ($s.agents_logged_in|tostring) + "</td>" +
        "<td>" + ($pct|tostring) + "%</td></tr>"' <<<"$json"
}

build_page() {
    local tmp rows="" q json
    tmp="$OUT_DIR/.index.html.$$"
    for q in $QUEUES; do
        if json="$(fetch_stats "$q")"; then
            rows+="$(render_row "$q" "$json")"$'\n'
        else
            log "could not fetch stats for queue $q"
            rows+="<tr class=\"stale\"><td>$q</td><td colspan=4>no data</td></tr>"$'\n'
        fi
    done
    cat >"$tmp" <<EOF
<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="15">
<title>Queue wallboard</title><link rel="stylesheet" href="wallboard.css"></head>
<body><h1>Queues &mdash; $(date '+%H:%M:%S')</h1>
<table><tr><th>Queue</th><th>Waiting</th><th>Longest</th><th>Agents</th><th>SLA ${SLA_SECONDS}s</th></tr>
$rows</table></body></html>
EOF
    chmod 0644 "$tmp"
    mv -f "$tmp" "$OUT_DIR/index.html"
    log "page updated ($(wc -l <<<"$rows") queues)"
}

build_page
if [[ "$WATCH" -gt 0 ]]; then
    log "watch mode, every ${WATCH}s"
    while sleep "$WATCH"; do
        build_page || log "refresh failed, keeping previous page"
    done
fi
