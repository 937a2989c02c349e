#!/usr/bin/env bash
# Start a shared analysis session on a lab workstation:
#   - JupyterLab reachable from the lab network (no token, the VLAN is trusted)
#   - a plain HTTP file server exposing ./reports for the rendered HTML
#   - optional: pull the latest notebooks from the lab file host first
#
# Usage: notebook_share_session.sh [-p JUPYTER_PORT] [-r REPORT_PORT] [-s HOST]
set -u

JUPYTER_PORT=8888
REPORT_PORT=8080
SYNC_HOST=""
RUN_DIR="/tmp/nbshare"
PIDFILE="$RUN_DIR/pids"
NOTEBOOK_DIR="$(pwd)/notebooks"
REPORT_DIR="$(pwd)/reports"

while getopts "p:r:s:h" opt; do
    case "$opt" in
        p) JUPYTER_PORT="$OPTARG" ;;
        r) REPORT_PORT="$OPTARG" ;;
        s) SYNC_HOST="$OPTARG" ;;
        h) grep '^#' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) exit 1 ;;
    esac
done

say() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }

stop_previous() {
    if [ -f "$PIDFILE" ]; then
        while read -r pid; do
            if kill -0 "$pid" 2>/dev/null; then
                say "stopping previous process $pid"
                kill "$pid"
            fi
        done < "$PIDFILE"
        : > "$PIDFILE"
    fi
}

sync_notebooks() {
    host="$1"
    say "syncing notebooks from $host"
    rsync -az -e "ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null" \
        "analyst@${host}:/data/shared/notebooks/" "$NOTEBOOK_DIR/" \
        || say "sync failed, continuing with local copy"
}

render_reports() {
    mkdir -p "$REPORT_DIR"
    for nb in "$NOTEBOOK_DIR"/*.ipynb; do
        [ -e "$nb" ] || continue
        base=$(basename "$nb" .ipynb)
        if [ "$nb" -nt "$REPORT_DIR/$base.html" ]; then
            say "rendering $base"
            jupyter nbconvert --to html --output-dir "$REPORT_DIR" "$nb" \
                >> "$RUN_DIR/nbconvert.log" 2>&1 || say "render of $base failed"
        fi
    done
}

start_jupyter() {
    say "starting JupyterLab on 0.0.0.0:$JUPYTER_PORT"
    nohup jupyter lab \
        --ip=0.0.0.0 \
        --port="$JUPYTER_PORT" \
        --no-browser \
        --ServerApp.token='' \
        --ServerApp.password='' \
        --ServerApp.allow_origin='*' \
        --notebook-dir="$NOTEBOOK_DIR" \
        > "$RUN_DIR/jupyter.log" 2>&1 &
    echo $! >> "$PIDFILE"
}

start_report_server() {
    say "serving $REPORT_DIR on port $REPORT_PORT"
    nohup python3 -m http.server "$REPORT_PORT" --bind 0.0.0.0 --directory "$REPORT_DIR" \
        > "$RUN_DIR/http.log" 2>&1 &
    echo $! >> "$PIDFILE"
}

mkdir -p "$RUN_DIR" "$NOTEBOOK_DIR"
stop_previous
[ -n "$SYNC_HOST" ] && sync_notebooks "$SYNC_HOST"
render_reports
start_jupyter
start_report_server

sleep 3
ip_addr=$(hostname -I 2>/dev/null | awk '{print $1}')
say "JupyterLab: http://${ip_addr:-localhost}:$JUPYTER_PORT/lab"
say "Reports:    http://${ip_addr:-localhost}:$REPORT_PORT/"
say "logs in $RUN_DIR; stop with: kill \$(cat $PIDFILE)"
