#!/usr/bin/env bash
# md_array_scrub.sh - run a consistency check on Linux software RAID arrays
# backing the database volumes and optionally repair mismatches.
#
# usage: md_array_scrub.sh [-r] [-a md0,md1] [-s MIN_KB] [-w]
#   -r   repair when mismatch_cnt > 0 after the check
#   -a   comma separated list of arrays (default: all md arrays)
#   -s   minimum resync speed in KB/s while the check runs (default 50000)
#   -w   wait for the check to finish and report mismatches
set -o errexit -o nounset -o pipefail

REPAIR=0
WAIT=0
ARRAYS=""
MIN_SPEED=50000
POLL=30
LOG_TAG="md-scrub"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; printf '%s %s\n' "$(date +%FT%T)" "$*"; }
die() { log "ERROR: $*"; exit 1; }

while getopts "ra:s:wh" opt; do
    case "$opt" in
        r) REPAIR=1 ;;
        a) ARRAYS="${OPTARG//,/ }" ;;
        s) MIN_SPEED="$OPTARG" ;;
        w) WAIT=1 ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

list_arrays() {
    if [[ -n "$ARRAYS" ]]; then
        printf '%s\n' $ARRAYS
        return
    fi
    awk '/^md[0-9]+ :/ {print $1}' /proc/mdstat
}

md_attr() {
    local md="$1" attr="$2"
    cat "/sys/block/$md/md/$attr" 2>/dev/null || echo "?"
}

array_summary() {
    local md="$1"
    printf '%-6s level=%-7s state=%-10s action=%-8s degraded=%s mismatch=%s\n' \
        "$md" "$(md_attr "$md" level)" "$(md_attr "$md" array_state)" \
        "$(md_attr "$md" sync_action)" "$(md_attr "$md" degraded)" \
        "$(md_attr "$md" mismatch_cnt)"
}

set_action() {
    local md="$1" action="$2"
    echo "$action" | sudo tee "/sys/block/$md/md/sync_action" >/dev/null
}

raise_speed_floor() {
    local current
    current=$(cat /proc/sys/dev/raid/speed_limit_min)
    if (( current < MIN_SPEED )); then
        log "raising dev.raid.speed_limit_min $current -> $MIN_SPEED"
        sudo sysctl -q -w dev.raid.speed_limit_min="$MIN_SPEED"
        SPEED_RESTORE="$current"
    fi
}

restore_speed_floor() {
    if [[ -n "${SPEED_RESTORE:-}" ]]; then
        sudo sysctl -q -w dev.raid.speed_limit_min="$SPEED_RESTORE" || true
    fi
}
trap restore_speed_floor EXIT

wait_idle() {
    local md="$1"
    while [[ "$(md_attr "$md" sync_action)" != "idle" ]]; do
        local done
        done=$(md_attr "$md" sync_completed)
        log "$md: $(md_attr "$md" sync_action) $done"
        sleep "$POLL"
    done
}

scrub_one() {
    local md="$1"
    [[ -d "/sys/block/$md/md" ]] || { log "$md: not an md array, skipping"; return 0; }
    if [[ "$(md_attr "$md" degraded)" != "0" ]]; then
        log "$md: degraded, not starting a check"
        return 1
    fi
    if [[ "$(md_attr "$md" sync_action)" != "idle" ]]; then
        log "$md: busy ($(md_attr "$md" sync_action)), skipping"
        return 0
    fi
    log "$md: starting check"
    set_action "$md" check
    (( WAIT )) || return 0

    wait_idle "$md"
    local mism
    mism=$(md_attr "$md" mismatch_cnt)
    log "$md: check finished, mismatch_cnt=$mism"
    if (( mism > 0 && REPAIR )); then
        log "$md: starting repair"
        set_action "$md" repair
        wait_idle "$md"
        log "$md: repair finished, mismatch_cnt=$(md_attr "$md" mismatch_cnt)"
    fi
}

main() {
    command -v sudo >/dev/null || die "sudo not available"
    [[ -r /proc/mdstat ]] || die "no /proc/mdstat, md driver not loaded?"
    raise_speed_floor
    local rc=0
    for md in $(list_arrays); do
        array_summary "$md"
        scrub_one "$md" || rc=1
    done
    return "$rc"
}

main "$@"
