#!/bin/sh
# Install or refresh the vehicle telematics agent on a workshop bay machine.
# Usage: prog162e_telematics_agent_install.sh [--channel stable|beta] [--quiet]

set -eu

CHANNEL="${TELEMATICS_CHANNEL:-stable}"
VENDOR_BASE="${TELEMATICS_VENDOR_URL:-https://updates.fleetlink-telematics.example}"
WORKDIR="${HOME}/.telematics-agent"
LOGFILE="${WORKDIR}/install.log"
QUIET=0

log() {
    ts=$(date '+%Y-%m-%d %H:%M:%S')
    printf '%s %s\n' "$ts" "$*" >> "$LOGFILE"
    if [ "$QUIET" -eq 0 ]; then
        printf '%s\n' "$*"
    fi
}

usage() {
    echo "usage: $0 [--channel stable|beta] [--quiet]" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --channel)
            [ $# -ge 2 ] || usage
            CHANNEL="$2"
            shift 2
            ;;
        --quiet)
            QUIET=1
            shift
            ;;
        -h|--help)
            usage
            ;;
        *)
            echo "unknown option: $1" >&2
            usage
            ;;
    esac
done

case "$CHANNEL" in
    stable|beta) ;;
    *) echo "channel must be stable or beta" >&2; exit 2 ;;
esac

mkdir -p "$WORKDIR"
: > "$LOGFILE"

detect_fetcher() {
    if command -v curl >/dev/null 2>&1; then
        echo "curl -fsSL"
    elif command -v wget >/dev/null 2>&1; then
        echo "wget -qO-"
    else
        echo ""
    fi
}

FETCH=$(detect_fetcher)
if [ -z "$FETCH" ]; then
    log "neither curl nor wget is available"
    exit 1
fi

ARCH=$(uname -m)
case "$ARCH" in
    x86_64|amd64) ARCH=amd64 ;;
    aarch64|arm64) ARCH=arm64 ;;
    armv7l) ARCH=armhf ;;
    *) log "unsupported architecture $ARCH"; exit 1 ;;
esac

log "bay machine: $(hostname) arch=$ARCH channel=$CHANNEL"

CURRENT=""
if [ -f "$WORKDIR/version" ]; then
    CURRENT=$(cat "$WORKDIR/version")
fi

LATEST=$($FETCH "$VENDOR_BASE/$CHANNEL/latest.txt" || true)
if [ -n "$LATEST" ] && [ "$LATEST" = "$CURRENT" ]; then
    log "agent already at $CURRENT, nothing to do"
    exit 0
fi

log "installing agent ${LATEST:-unknown} (was ${CURRENT:-none})"

$FETCH "$VENDOR_BASE/$CHANNEL/install-$ARCH.sh" | sh -s -- --prefix "$WORKDIR"

if [ -n "$LATEST" ]; then
    printf '%s\n' "$LATEST" > "$WORKDIR/version"
fi

log "agent install finished"
