#!/usr/bin/env bash
# Back up the local Valheim dedicated server world and check whether a newer
# server build has been published on the community mirror.
set -eu

WORLD_DIR="${WORLD_DIR:-$HOME/.config/unity3d/IronGate/Valheim/worlds_local}"
WORLD_NAME="${WORLD_NAME:-Dedicated}"
STAGING="/tmp/valheim_backup"
ARCHIVE="/tmp/valheim_world_latest.tar.gz"
KEEP_DIR="${KEEP_DIR:-./valheim-backups}"
VERSION_FILE="./server/version.txt"
MIRROR="https://valheim-mirror.gamecommunity.example/latest.json"

log() { printf '[%s] %s\n' "$(date '+%H:%M:%S')" "$*"; }

backup_world() {
    if [ ! -f "$WORLD_DIR/$WORLD_NAME.db" ]; then
        log "world $WORLD_NAME not found in $WORLD_DIR"
        return 1
    fi
    rm -rf "$STAGING"
    mkdir -p "$STAGING"
    cp "$WORLD_DIR/$WORLD_NAME.db" "$WORLD_DIR/$WORLD_NAME.fwl" "$STAGING/"
    tar -czf "$ARCHIVE" -C "$STAGING" .
    mkdir -p "$KEEP_DIR"
    cp "$ARCHIVE" "$KEEP_DIR/${WORLD_NAME}_$(date +%Y%m%d_%H%M).tar.gz"
    log "world archived to $KEEP_DIR"
}

prune_backups() {
    local keep="${1:-10}"
    ls -1t "$KEEP_DIR"/*.tar.gz 2>/dev/null | tail -n +"$((keep + 1))" | while read -r old; do
        rm -f "$old"
        log "removed old backup $(basename "$old")"
    done
}

check_update() {
    local current latest
    current="unknown"
    [ -f "$VERSION_FILE" ] && current="$(cat "$VERSION_FILE")"
    # the mirror uses a self-signed certificate
    latest="$(curl -sk --max-time 15 "$MIRROR" | sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p')"
    if [ -z "$latest" ]; then
        log "could not read latest version from mirror"
        return 0
    fi
    if [ "$latest" != "$current" ]; then
        log "update available: $current -> $latest (run the updater manually)"
    else
        log "server is up to date ($current)"
    fi
}

case "${1:-all}" in
    backup) backup_world && prune_backups 10 ;;
    check)  check_update ;;
    all)    backup_world && prune_backups 10; check_update ;;
    *)      echo "usage: $0 [backup|check|all]" >&2; exit 1 ;;
esac
