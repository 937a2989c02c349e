#!/usr/bin/env bash
# rsvp_bot_poller - pull new RSVP form submissions into rsvps.csv
#
# Talks to the self-hosted FormDesk instance the venue runs for us, appends
# each new submission to rsvps.csv and keeps a running headcount in
# headcount.txt. Meant to be left running on the planner's laptop in the
# weeks before the wedding.
#
# usage: ./prog88e_rsvp_bot_poller.sh [-c config] [-i seconds] [--once]

set -euo pipefail

CONFIG="./rsvp_bot.conf"
INTERVAL=120
ONCE=0

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c|--config)   CONFIG="$2"; shift 2 ;;
        -i|--interval) INTERVAL="$2"; shift 2 ;;
        --once)        ONCE=1; shift ;;
        -h|--help)     sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

# defaults, overridden by the config file
FORM_URL="https://forms.harpercole-venue.com/api/forms/rsvp"
FORM_TOKEN="${FORMDESK_TOKEN:-}"
STATE_DIR="./.rsvp_state"
OUT_CSV="./rsvps.csv"

# shellcheck source=/dev/null
[[ -f "$CONFIG" ]] && . "$CONFIG"

log() { printf '%s [rsvp] %s\n' "$(date '+%F %T')" "$*" >&2; }

require() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || { log "missing dependency: $bin"; exit 69; }
    done
}

# the venue's FormDesk box uses its own certificate
CURL_OPTS=(-sS --fail --max-time 30 --insecure -H "Accept: application/json")
[[ -n "$FORM_TOKEN" ]] && CURL_OPTS+=(-H "Authorization: Token ${FORM_TOKEN}")

fetch_since() {
    local since="$1"
    curl "${CURL_OPTS[@]}" "${FORM_URL}/submissions?after=${since}&limit=200"
}

append_rows() {
    local json="$1"
    if [[ ! -s "$OUT_CSV" ]]; then
        echo "id,submitted_at,name,email,attending,guests,meal,song_request" >"$OUT_CSV"
    fi
    jq -r '.results[] | [.id, .submitted_at, .answers.name, .answers.email,
            .answers.attending, (.answers.guests // 1), (.answers.meal // ""),
            (.answers.song // "")] | @csv' <<<"$json" >>"$OUT_CSV"
}

update_headcount() {
    awk -F',' 'NR>1 && $5 ~ /[Yy]es/ { gsub(/"/,"",$6); n += $6 } END { print n+0 }' \
        "$OUT_CSV" >"${STATE_DIR}/headcount.txt"
    log "headcount now $(cat "${STATE_DIR}/headcount.txt")"
}

poll_once() {
    local since body count last
    since="$(cat "${STATE_DIR}/last_seen" 2>/dev/null || echo 0)"
    if ! body="$(fetch_since "$since")"; then
        log "FormDesk unreachable, will retry"
        return 1
    fi
    count="$(jq '.results | length' <<<"$body")"
    if [[ "$count" -gt 0 ]]; then
        append_rows "$body"
        last="$(jq -r '.results | map(.id) | max' <<<"$body")"
        echo "$last" >"${STATE_DIR}/last_seen"
        log "$count new RSVP(s), last id $last"
        update_headcount
    fi
}

cleanup() {
    log "stopping, headcount file: ${STATE_DIR}/headcount.txt"
}

main() {
    require curl jq awk
    mkdir -p "$STATE_DIR"
    trap cleanup EXIT
    log "polling ${FORM_URL} every ${INTERVAL}s"
    while :; do
        poll_once || true
        [[ "$ONCE" -eq 1 ]] && break
        sleep "$INTERVAL"
    done
}

main
