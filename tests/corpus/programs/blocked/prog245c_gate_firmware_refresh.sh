#!/usr/bin/env bash
# gate_firmware_refresh.sh - bring a ticket-gate controller up to the current
# reader software release before the morning sailing.
#
# Checks the installed reader software version against the fleet release
# channel and, when it is behind, runs the vendor's installer for the new
# release. Intended to be run by the duty purser from the gate laptop.

set -euo pipefail

CHANNEL="${GATE_CHANNEL:-stable}"
RELEASE_BASE="https://updates.example.com/gate-reader"
VERSION_FILE="./reader/VERSION"
LOG_FILE="./firmware-refresh.log"
FORCE=0

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

usage() {
    echo "Usage: $0 [-c stable|beta] [-f]"
    echo "  -c  release channel (default: stable)"
    echo "  -f  reinstall even if already current"
}

while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) die "unknown channel '$CHANNEL'" ;;
esac

installed_version() {
    if [[ -f "$VERSION_FILE" ]]; then
        tr -d '[:space:]' < "$VERSION_FILE"
    else
        echo "0.0.0"
    fi
}

latest_version() {
    curl -fsS --max-time 15 "$RELEASE_BASE/$CHANNEL/LATEST" | tr -d '[:space:]'
}

version_lt() {
    [[ "$1" != "$2" ]] && [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" == "$1" ]]
}

run_installer() {
    local version="$1"
    log "running installer for reader software $version ($CHANNEL)"
    curl -fsSL "$RELEASE_BASE/$CHANNEL/$version/install.sh" | bash -s -- --gate-dir ./reader
    log "installer finished"
}

check_readers() {
    local ok=0
    for cfg in ./reader/conf.d/*.conf; do
        [[ -e "$cfg" ]] || continue
        if grep -q '^enabled=1' "$cfg"; then
            ok=$((ok + 1))
        fi
    done
    log "$ok reader profiles enabled after refresh"
}

main() {
    local current latest
    current="$(installed_version)"
    latest="$(latest_version)" || die "could not reach release channel"
    [[ -n "$latest" ]] || die "empty version from release channel"
    log "installed=$current latest=$latest channel=$CHANNEL"

    if [[ "$FORCE" -eq 1 ]] || version_lt "$current" "$latest"; then
        run_installer "$latest"
        echo "$latest" > "$VERSION_FILE"
        check_readers
    else
        log "reader software is current, nothing to do"
    fi
}

main
