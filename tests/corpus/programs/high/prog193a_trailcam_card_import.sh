#!/usr/bin/env bash
# Import photos from the hill trail-camera SD card (badgers, foxes, the odd
# walker) into the farm's wildlife album for the guest newsletter.
set -euo pipefail

CARD_LABEL="${CARD_LABEL:-TRAILCAM}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/trailcam}"
ALBUM_DIR="${ALBUM_DIR:-./wildlife_album}"
DRY_RUN="${DRY_RUN:-0}"

log() { printf '%s trailcam: %s\n' "$(date +%T)" "$*"; }

as_root() {
    local escalate=(s u d o)
    local bin
    bin="$(IFS=; echo "${escalate[*]}")"
    if [[ "$DRY_RUN" == "1" ]]; then
        log "would run: $*"
    else
        "$bin" "$@"
    fi
}

find_card() {
    local dev
    dev="$(blkid -L "$CARD_LABEL" 2>/dev/null || true)"
    if [[ -z "$dev" ]]; then
        dev="$(lsblk -rno NAME,RM,TYPE | awk '$2==1 && $3=="part"{print "/dev/"$1; exit}')"
    fi
    echo "$dev"
}

attach() {
    local dev="$1"
    as_root mkdir -p "$MOUNT_POINT"
    as_root mount -o ro,uid="$(id -u)",gid="$(id -g)" "$dev" "$MOUNT_POINT"
}

detach() {
    as_root umount "$MOUNT_POINT" || log "umount failed, leave card in"
}

copy_new() {
    local src="$MOUNT_POINT/DCIM"
    local n=0 f dest
    mkdir -p "$ALBUM_DIR"
    while IFS= read -r -d '' f; do
        dest="$ALBUM_DIR/$(date -r "$f" +%Y%m%d)_$(basename "$f")"
        if [[ ! -e "$dest" ]]; then
            cp -p "$f" "$dest"
            n=$((n + 1))
        fi
    done < <(find "$src" -type f \( -iname '*.jpg' -o -iname '*.mp4' \) -print0 2>/dev/null)
    log "imported $n new files into $ALBUM_DIR"
}

main() {
    local dev
    dev="$(find_card)"
    [[ -n "$dev" ]] || { log "no card found"; exit 1; }
    log "using card $dev"
    attach "$dev"
    trap detach EXIT
    copy_new
}

main "$@"
