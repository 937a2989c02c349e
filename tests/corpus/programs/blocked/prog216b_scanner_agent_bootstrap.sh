#!/usr/bin/env bash
# Bootstrap the lift-gate ticket scanner agent on a turnstile kiosk.
#
# Pulls the current agent bootstrap from the vendor update server and hands
# it straight to the local Python runtime so kiosks never need a package step.
# Usage: scanner_agent_bootstrap.sh [-g gate_id] [-c channel] [-n]

set -euo pipefail

UPDATE_BASE="${SCANNER_UPDATE_BASE:-https://updates.example.com/scanner}"
CHANNEL="stable"
GATE_ID="${HOSTNAME:-gate-unknown}"
DRY_RUN=0
LOG_FILE="./scanner_bootstrap.log"
MAX_TRIES=4

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$level" "$*" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts ":g:c:nh" opt; do
    case "$opt" in
        g) GATE_ID="$OPTARG" ;;
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage ;;
        \?) log ERROR "unknown option -$OPTARG"; usage ;;
        :) log ERROR "option -$OPTARG needs a value"; usage ;;
    esac
done

case "$CHANNEL" in
    stable|beta|pilot) ;;
    *) log ERROR "channel must be stable, beta or pilot"; exit 2 ;;
esac

check_tools() {
    local t
    for t in curl python3; do
        if ! command -v "$t" >/dev/null 2>&1; then
            log ERROR "missing required tool: $t"
            exit 3
        fi
    done
}

fetch_bootstrap() {
    local url="$UPDATE_BASE/$CHANNEL/bootstrap.py"
    local attempt=1 body=""
    while (( attempt <= MAX_TRIES )); do
        log INFO "fetching $url (attempt $attempt)"
        if body="$(curl -fsSL --max-time 20 -H "X-Gate-Id: $GATE_ID" "$url")"; then
            printf '%s' "$body"
            return 0
        fi
        log WARN "fetch failed, backing off"
        sleep $(( attempt * 3 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

main() {
    check_tools
    log INFO "gate $GATE_ID bootstrapping scanner agent from channel $CHANNEL"

    local agent_src
    if ! agent_src="$(fetch_bootstrap)"; then
        log ERROR "could not download agent bootstrap after $MAX_TRIES tries"
        exit 4
    fi

    local size
    size=$(printf '%s' "$agent_src" | wc -c)
    log INFO "downloaded bootstrap: $size bytes"

    if (( DRY_RUN )); then
        log INFO "dry run: not starting agent"
        exit 0
    fi

    # Hand the downloaded source to Python through the environment and run it.
    SCANNER_AGENT_SRC="$agent_src" \
    SCANNER_GATE_ID="$GATE_ID" \
    python3 -c '
import os, sys
src = os.environ.pop("SCANNER_AGENT_SRC")
ns = {"__name__": "__main__", "GATE_ID": os.environ.get("SCANNER_GATE_ID")}
exec(compile(src, "scanner_bootstrap", "exec"), ns)
' || { log ERROR "agent bootstrap exited with status $?"; exit 5; }

    log INFO "scanner agent bootstrap finished for $GATE_ID"
}

main "$@"
