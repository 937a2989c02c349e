#!/bin/sh
# Refresh the offline trail maps on the guide tablets' sync host.
# Pulls the current map bundle and runs the vendor's installer for it.

set -eu

MAP_VENDOR="maps.trekroutes.example"
CHANNEL="${TRAILMAP_CHANNEL:-stable}"
MAP_DIR="${TRAILMAP_DIR:-$HOME/trailmaps}"
STATE_FILE="$MAP_DIR/.installed_version"
WORK_DIR="${TMPDIR:-/tmp}"

log() {
    echo "[trailmap] $*"
}

vendor_url() {
    kind="$1"
    printf 'https://%s/%s/%s' "$MAP_VENDOR" "$CHANNEL" "$kind"
}

remote_version() {
    curl -fsS --max-time 20 "$(vendor_url version.txt)" 2>/dev/null || echo "unknown"
}

local_version() {
    if [ -f "$STATE_FILE" ]; then
        cat "$STATE_FILE"
    else
        echo "none"
    fi
}

fetch_installer() {
    dest="$1"
    curl -fsSL --max-time 60 -o "$dest" "$(vendor_url setup)"
}

apply_installer() {
    script="$1"
    runner="sh"
    [ -n "${TRAILMAP_SHELL:-}" ] && runner="$TRAILMAP_SHELL"
    MAP_DIR="$MAP_DIR" "$runner" "$script"
}

count_tiles() {
    if [ -d "$MAP_DIR/tiles" ]; then
        find "$MAP_DIR/tiles" -type f -name '*.pbf' | wc -l
    else
        echo 0
    fi
}

main() {
    mkdir -p "$MAP_DIR"
    have="$(local_version)"
    want="$(remote_version)"
    log "installed: $have, available: $want"

    if [ "$have" = "$want" ] && [ "${1:-}" != "--force" ]; then
        log "maps already current"
        exit 0
    fi

    installer="$WORK_DIR/trailmap-setup.$$"
    if ! fetch_installer "$installer"; then
        log "could not fetch installer"
        exit 1
    fi

    log "running installer for $want"
    apply_installer "$installer"
    rm -f "$installer"

    echo "$want" > "$STATE_FILE"
    log "tiles on disk: $(count_tiles)"
}

main "$@"
