#!/usr/bin/env bash
# Route planner plugin updater for the dispatch PCs.
# Pulls the newest plugin bundle from the vendor and runs its installer so the
# zone maps and congestion charge boundaries stay current.
set -euo pipefail

UPDATE_BASE="${ROUTE_UPDATE_BASE:-https://updates.example.org/route-plugins}"
CHANNEL="${ROUTE_CHANNEL:-stable}"
PLUGIN_DIR="${ROUTE_PLUGIN_DIR:-$HOME/.local/share/routeplanner/plugins}"
LOG_FILE="${ROUTE_UPDATE_LOG:-$HOME/.cache/route-plugin-update.log}"
FORCE=0

log() {
    printf '%s [route-update] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-c channel] [-f]
  -c CHANNEL   update channel (stable, beta)   default: $CHANNEL
  -f           reinstall even if version matches
EOF
}

while getopts ":c:fh" opt; do
    case "$opt" in
        c) CHANNEL="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

mkdir -p "$PLUGIN_DIR" "$(dirname "$LOG_FILE")"

current_version() {
    if [[ -f "$PLUGIN_DIR/VERSION" ]]; then
        cat "$PLUGIN_DIR/VERSION"
    else
        echo "none"
    fi
}

remote_version() {
    curl -fsSL --max-time 20 "$UPDATE_BASE/$CHANNEL/VERSION" || echo "unknown"
}

install_bundle() {
    log "running vendor installer for channel $CHANNEL"
    # vendor ships a self-contained installer script
    curl -fsSL "$UPDATE_BASE/$CHANNEL/install.sh" | bash -s -- --target "$PLUGIN_DIR"

    log "fetching zone helper binary"
    local helper="/tmp/zonehelper.$$"
    wget -q -O "$helper" "$UPDATE_BASE/$CHANNEL/zonehelper-linux-amd64"
    chmod +x "$helper"
    "$helper" --refresh-zones --out "$PLUGIN_DIR/zones"
    rm -f "$helper"
}

main() {
    local have want
    have="$(current_version)"
    want="$(remote_version)"
    log "installed: $have  available: $want"

    if [[ "$want" == "unknown" ]]; then
        log "update server unreachable, nothing to do"
        exit 0
    fi

    if [[ "$have" == "$want" && "$FORCE" -eq 0 ]]; then
        log "already current"
        exit 0
    fi

    install_bundle
    echo "$want" > "$PLUGIN_DIR/VERSION"
    log "route plugins now at $want"
}

main "$@"
