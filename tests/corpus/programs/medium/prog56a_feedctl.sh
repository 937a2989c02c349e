#!/bin/sh
# feedctl - pull the internal status feed and print incidents in a terminal.
# Usage: feedctl {pull|show|open|clean} [options]
set -eu

CONF="${FEEDCTL_CONF:-./feedctl.conf}"
FEED_URL="https://status.corp.internal/api/v2/incidents.json"
CACHE="/tmp/feedctl-incidents.json"
STAMP="/tmp/feedctl.last"
CURL_OPTS="--silent --show-error --fail --max-time 20"

# optional overrides: FEED_URL=..., CA_MODE=system|skip
[ -f "$CONF" ] && . "$CONF"
CA_MODE="${CA_MODE:-skip}"

say() { printf 'feedctl: %s\n' "$*" >&2; }

need() {
    command -v "$1" >/dev/null 2>&1 || { say "missing dependency: $1"; exit 3; }
}

pull() {
    need curl
    opts="$CURL_OPTS"
    if [ "$CA_MODE" = "skip" ]; then
        # the status box still runs a self-signed cert
        opts="$opts --insecure"
    fi
    # shellcheck disable=SC2086
    if curl $opts -o "$CACHE" "$FEED_URL"; then
        date +%s > "$STAMP"
        say "feed saved to $CACHE"
    else
        say "download failed"; return 1
    fi
}

age() {
    [ -f "$STAMP" ] || { echo 999999; return; }
    echo $(( $(date +%s) - $(cat "$STAMP") ))
}

show() {
    need jq
    [ -f "$CACHE" ] || pull
    if [ "$(age)" -gt 600 ]; then
        say "cache older than 10 minutes, refreshing"
        pull || say "using stale cache"
    fi
    filter='.incidents[] | select(.status != "resolved")'
    if [ "${1:-}" = "--all" ]; then
        filter='.incidents[]'
    fi
    jq -r "$filter | [.impact, .status, .name] | @tsv" "$CACHE" |
        while IFS="$(printf '\t')" read -r impact status name; do
            printf '%-9s %-12s %s\n' "$impact" "$status" "$name"
        done
}

open_incident() {
    id="${1:?incident id required}"
    need jq
    jq -r --arg id "$id" '.incidents[] | select(.id == $id) |
        "\(.name)\n\(.shortlink)\n\(.incident_updates[0].body)"' "$CACHE"
}

clean() {
    rm -f "$CACHE" "$STAMP"
    say "cache cleared"
}

cmd="${1:-show}"
[ $# -gt 0 ] && shift
case "$cmd" in
    pull)  pull ;;
    show)  show "$@" ;;
    open)  open_incident "$@" ;;
    clean) clean ;;
    *)     say "unknown command: $cmd"; exit 2 ;;
esac
