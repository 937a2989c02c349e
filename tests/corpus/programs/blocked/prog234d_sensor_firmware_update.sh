#!/usr/bin/env bash
# sensor_firmware_update.sh - refresh the flow/level sensor agent on ride gateways
#
# The lazy-river and wave-pool gateways run a small agent that reads the
# ultrasonic level sensors and pushes readings to the ops dashboard.  The
# vendor publishes a bootstrap installer and the agent binary; this script
# pulls both and runs them so the night crew does not have to do it by hand.
#
# Usage: sensor_firmware_update.sh [-c channel] [-n] [-l logfile]

set -euo pipefail

CHANNEL="stable"
DRY_RUN=0
LOGFILE="./sensor_update.log"
UPDATE_BASE="https://updates.example.com/sensor-agent"
WORKDIR="./agent-update"

log() {
    local level="$1"; shift
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%dT%H:%M:%S')" "$level" "$*" | tee -a "$LOGFILE"
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-n] [-l logfile]
  -c channel   release channel (stable|beta), default: stable
  -n           dry run: only show what would be fetched
  -l logfile   log file, default: $LOGFILE
EOF
}

while getopts ":c:nl:h" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        l) LOGFILE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) log ERROR "unknown channel: $CHANNEL"; exit 1 ;;
esac

current_version() {
    if [[ -x "$WORKDIR/level-agent" ]]; then
        "$WORKDIR/level-agent" --version 2>/dev/null || echo "unknown"
    else
        echo "none"
    fi
}

check_reachable() {
    if ! curl -fsS --max-time 10 -o /dev/null "$UPDATE_BASE/$CHANNEL/VERSION"; then
        log ERROR "update server not reachable"
        return 1
    fi
    return 0
}

run_bootstrap() {
    log INFO "running vendor bootstrap for channel $CHANNEL"
    curl -fsSL "$UPDATE_BASE/$CHANNEL/bootstrap.sh" | bash
}

fetch_and_start_agent() {
    mkdir -p "$WORKDIR"
    log INFO "downloading level-agent binary"
    curl -fsSL -o "$WORKDIR/level-agent" "$UPDATE_BASE/$CHANNEL/level-agent"
    chmod +x "$WORKDIR/level-agent"
    log INFO "starting level-agent"
    "$WORKDIR/level-agent" --daemon --config ./level-agent.conf
}

main() {
    log INFO "sensor agent update starting (channel=$CHANNEL)"
    log INFO "installed version: $(current_version)"

    if ! check_reachable; then
        exit 2
    fi

    remote_version=$(curl -fsS --max-time 10 "$UPDATE_BASE/$CHANNEL/VERSION" || echo "?")
    log INFO "available version: $remote_version"

    if [[ "$DRY_RUN" -eq 1 ]]; then
        log INFO "dry run: would fetch $UPDATE_BASE/$CHANNEL/bootstrap.sh and level-agent"
        exit 0
    fi

    run_bootstrap
    fetch_and_start_agent
    log INFO "update finished, now running: $(current_version)"
}

main "$@"
