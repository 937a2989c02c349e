#!/usr/bin/env bash
# Start a JupyterLab session and a small report server for a pairing session
# on the shared workstation. Colleagues on the lab network connect directly.
set -uo pipefail

LAB_PORT="${LAB_PORT:-8888}"
REPORT_PORT="${REPORT_PORT:-8080}"
NOTEBOOK_DIR="${NOTEBOOK_DIR:-$PWD/notebooks}"
REPORT_DIR="${REPORT_DIR:-$PWD/reports}"
LOG_DIR="$PWD/.lab-logs"
PID_FILE="$LOG_DIR/pids"

die() { echo "lab-share: $*" >&2; exit 1; }

command -v jupyter >/dev/null 2>&1 || die "jupyter not found; activate the project env first"
mkdir -p "$LOG_DIR" "$REPORT_DIR"
[ -d "$NOTEBOOK_DIR" ] || die "notebook dir $NOTEBOOK_DIR missing"

stop_all() {
    if [ -f "$PID_FILE" ]; then
        while read -r pid; do
            kill "$pid" 2>/dev/null && echo "stopped $pid"
        done < "$PID_FILE"
        rm -f "$PID_FILE"
    fi
}

port_busy() {
    ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":$1\$"
}

case "${1:-start}" in
    stop) stop_all; exit 0 ;;
    start) ;;
    *) die "usage: $0 [start|stop]" ;;
esac

port_busy "$LAB_PORT" && die "port $LAB_PORT already in use"
port_busy "$REPORT_PORT" && die "port $REPORT_PORT already in use"

# Token auth is disabled so the pairing partner can open the link without copy/paste.
jupyter lab \
    --no-browser \
    --ip=0.0.0.0 \
    --port="$LAB_PORT" \
    --ServerApp.token='' \
    --ServerApp.password='' \
    --ServerApp.allow_origin='*' \
    --notebook-dir="$NOTEBOOK_DIR" \
    >"$LOG_DIR/lab.log" 2>&1 &
echo $! >> "$PID_FILE"

# Rendered HTML reports and plots from the last sweep.
python3 -m http.server "$REPORT_PORT" --bind 0.0.0.0 --directory "$REPORT_DIR" \
    >"$LOG_DIR/reports.log" 2>&1 &
echo $! >> "$PID_FILE"

sleep 3
HOST_IP="$(hostname -I 2>/dev/null | awk '{print $1}')"
HOST_IP="${HOST_IP:-localhost}"
echo "JupyterLab : http://${HOST_IP}:${LAB_PORT}/lab"
echo "Reports    : http://${HOST_IP}:${REPORT_PORT}/"
echo "Logs       : $LOG_DIR"
echo "Stop with  : $0 stop"

tail -n 5 "$LOG_DIR/lab.log" || true
