#!/bin/sh
# rfid_collector_run.sh - prepare and start the bin-lift RFID collector on a
# depot gateway box. Pulls the reader profile for this site from the depot
# gateway, builds a venv next to the collector and starts it in the background.
#
#   SITE_ID=NORTH ./rfid_collector_run.sh [start|stop|status|restart]

set -eu

APP_DIR=${APP_DIR:-$(cd "$(dirname "$0")" && pwd)}
VENV=$APP_DIR/.venv
SITE_ID=${SITE_ID:-$(hostname -s)}
GATEWAY=${RFID_GATEWAY:-https://gw.depot.lan:8443}
PIDFILE=/tmp/rfid_collector.pid
LOGFILE=$APP_DIR/collector.log
PROFILE=$APP_DIR/reader.json

log() { printf '%s rfid-collector: %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

is_running() {
    [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

fetch_reader_profile() {
    # the gateway uses the depot's self-signed certificate
    if curl -fsSk --retry 3 --retry-delay 5 -o "$PROFILE.new" \
        "$GATEWAY/api/reader-profile?site=$SITE_ID"; then
        mv -f "$PROFILE.new" "$PROFILE"
        log "reader profile updated for $SITE_ID"
    elif [ -s "$PROFILE" ]; then
        log "gateway unreachable, keeping existing reader profile"
    else
        log "no reader profile available"; exit 1
    fi
}

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        log "creating venv in $VENV"
        python3 -m venv "$VENV"
    fi
    "$VENV/bin/pip" install -q --disable-pip-version-check -r "$APP_DIR/requirements.txt"
}

start_collector() {
    if is_running; then
        log "already running (pid $(cat "$PIDFILE"))"; return 0
    fi
    cd "$APP_DIR"
    nohup "$VENV/bin/python" collector.py --config "$PROFILE" >>"$LOGFILE" 2>&1 &
    echo $! >"$PIDFILE"
    sleep 2
    if is_running; then
        log "started (pid $(cat "$PIDFILE"))"
    else
        log "collector exited straight away, see $LOGFILE"; return 1
    fi
}

stop_collector() {
    if is_running; then
        kill "$(cat "$PIDFILE")" && log "stopped"
    fi
    rm -f "$PIDFILE"
}

case ${1:-start} in
    start)
        fetch_reader_profile
        make_venv
        start_collector
        ;;
    stop) stop_collector ;;
    restart) stop_collector; "$0" start ;;
    status)
        if is_running; then echo "running (pid $(cat "$PIDFILE"))"; else echo "stopped"; exit 3; fi
        ;;
    *) echo "usage: $0 [start|stop|status|restart]" >&2; exit 2 ;;
esac
