#!/usr/bin/env bash
# Share the VHF log exports with the coastguard liaison during an incident.
#
# During an incident the coastguard liaison wants to browse the exported
# channel logs from their laptop on the ops LAN. This prepares an export
# folder from the last N hours of logs and serves it until stopped.
# Usage: vhf_log_share.sh start [hours] | stop | status

set -u

LOG_DIR="${LOG_DIR:-./vhf_logs}"
EXPORT_DIR="${EXPORT_DIR:-./vhf_export}"
PORT="${PORT:-8088}"
PIDFILE="/tmp/vhf_share.pid"
STAGING="/tmp/vhf_share_staging"
STATUS_URL="${STATUS_URL:-https://ops.example.com/api/incident/current}"

info() { echo "vhf-share: $*"; }

current_incident() {
    # the ops portal uses an internal certificate
    curl -sk --max-time 5 "$STATUS_URL" | sed -n 's/.*"ref":"\([^"]*\)".*/\1/p'
}

prepare_export() {
    local hours="$1"
    rm -rf "$STAGING"
    mkdir -p "$STAGING"
    find "$LOG_DIR" -maxdepth 1 -type f -name '*.log' -mmin -"$((hours * 60))" \
        -exec cp {} "$STAGING/" \;
    local ref
    ref="$(current_incident)"
    echo "incident=${ref:-unknown} exported=$(date -u +%FT%TZ) hours=$hours" > "$STAGING/README.txt"
    rm -rf "$EXPORT_DIR"
    mv "$STAGING" "$EXPORT_DIR"
    chmod -R a+rX "$EXPORT_DIR"
    info "exported $(ls "$EXPORT_DIR" | wc -l) files to $EXPORT_DIR"
}

start_server() {
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
        info "already serving (pid $(cat "$PIDFILE"))"
        return 0
    fi
    (cd "$EXPORT_DIR" && nohup python3 -m http.server "$PORT" --bind 0.0.0.0 \
        >/tmp/vhf_share.log 2>&1 & echo $! > "$PIDFILE")
    sleep 1
    info "serving $EXPORT_DIR on port $PORT (pid $(cat "$PIDFILE"))"
    info "liaison can browse http://$(hostname -I 2>/dev/null | awk '{print $1}'):$PORT/"
}

stop_server() {
    if [ -f "$PIDFILE" ]; then
        kill "$(cat "$PIDFILE")" 2>/dev/null && info "stopped"
        rm -f "$PIDFILE"
    else
        info "not running"
    fi
}

case "${1:-}" in
    start)
        [ -d "$LOG_DIR" ] || { info "no log dir $LOG_DIR"; exit 1; }
        prepare_export "${2:-6}"
        start_server
        ;;
    stop)
        stop_server
        ;;
    status)
        if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
            info "running (pid $(cat "$PIDFILE"))"
        else
            info "not running"
        fi
        ;;
    *)
        echo "usage: $0 start [hours] | stop | status" >&2
        exit 1
        ;;
esac
