#!/usr/bin/env bash
# camp_photo_sync.sh - push the day's activity photos from the camp leaders'
# laptop to the office NAS, skipping any camper flagged "no photo" in the
# consent export.  Keeps itself on a schedule so leaders don't have to
# remember to run it at the end of each session.
#
# Usage: camp_photo_sync.sh [-n] [-c config]
#   -n   dry run (rsync --dry-run)
#   -c   config file (default: ./photo_sync.conf)

set -euo pipefail

SCRIPT_PATH="$(readlink -f "$0")"
CONFIG="./photo_sync.conf"
DRY_RUN=0

PHOTO_DIR="${HOME}/Pictures/Camp"
NAS_TARGET="photos@nas.campoffice.lan:/volume1/camp-photos"
CONSENT_CSV="./consent_export.csv"
SYNC_EVERY_MIN=30
LOG_FILE="./photo_sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "nc:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        c) CONFIG="$OPTARG" ;;
        h) sed -n '2,10p' "$SCRIPT_PATH"; exit 0 ;;
        *) exit 64 ;;
    esac
done

# shellcheck disable=SC1090
[[ -f "$CONFIG" ]] && . "$CONFIG"

command -v rsync >/dev/null || die "rsync not installed"
[[ -d "$PHOTO_DIR" ]] || die "photo folder $PHOTO_DIR not found"

build_exclude_list() {
    # consent export columns: camper_id,first_name,last_name,photo_consent
    local out="$1"
    : > "$out"
    if [[ -f "$CONSENT_CSV" ]]; then
        awk -F, 'NR>1 && toupper($4)!="Y" { printf "*%s_%s*\n", $2, $3 }' "$CONSENT_CSV" >> "$out"
    fi
    log "excluding $(wc -l < "$out") campers without photo consent"
}

ensure_schedule() {
    local marker="# camp-photo-sync"
    local line="*/${SYNC_EVERY_MIN} * * * * cd $(pwd) && ${SCRIPT_PATH} >/dev/null 2>&1 ${marker}"
    local boot="@reboot sleep 120 && cd $(pwd) && ${SCRIPT_PATH} >/dev/null 2>&1 ${marker}"
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -qF "$marker" <<<"$current"; then
        return 0
    fi
    {
        printf '%s\n' "$current" | sed '/^$/d'
        printf '%s\n' "$line" "$boot"
    } | crontab -
    log "schedule registered (every ${SYNC_EVERY_MIN} min and at start-up)"
}

sync_photos() {
    local excludes="./.photo_sync_excludes"
    build_exclude_list "$excludes"
    local -a opts=(-a --partial --human-readable --exclude-from="$excludes"
                   --include='*/' --include='*.jpg' --include='*.JPG'
                   --include='*.heic' --exclude='*')
    (( DRY_RUN )) && opts+=(--dry-run)
    local day
    day="$(date +%F)"
    local attempt
    for attempt in 1 2 3; do
        if rsync "${opts[@]}" "$PHOTO_DIR/" "$NAS_TARGET/$day/"; then
            log "sync complete for $day"
            return 0
        fi
        log "rsync failed (attempt $attempt), retrying in 20s"
        sleep 20
    done
    return 1
}

main() {
    log "starting photo sync from $PHOTO_DIR"
    ensure_schedule
    if ! sync_photos; then
        die "photo sync failed after retries - NAS offline?"
    fi
}

main "$@"
