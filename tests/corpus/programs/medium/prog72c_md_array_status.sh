#!/usr/bin/env bash
# md_array_status.sh - summarise Linux software RAID arrays backing the
# database volumes and flag anything that needs a human.
#
# usage: md_array_status.sh [-a md0,md1] [-m ops@example.com] [-q]
#   -a   comma separated list of arrays (default: all md arrays)
#   -m   mail the report to this address when an array needs attention
#   -q   only print arrays that need attention
set -o errexit -o nounset -o pipefail

ARRAYS=""
MAILTO=""
QUIET=0
REPORT=/tmp/md_array_status.txt
LOG_TAG="md-status"

log() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null || true; printf '%s %s\n' "$(date +%FT%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts "a:m:qh" opt; do
    case "$opt" in
        a) ARRAYS="${OPTARG//,/ }" ;;
        m) MAILTO="$OPTARG" ;;
        q) QUIET=1 ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
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

array_members() {
    local md="$1" dev out=""
    for dev in /sys/block/"$md"/md/dev-*; do
        [[ -e "$dev" ]] || continue
        out+="${dev##*/dev-}($(cat "$dev/state" 2>/dev/null)) "
    done
    printf '%s' "${out% }"
}

array_summary() {
    local md="$1"
    printf '%-6s level=%-7s state=%-10s action=%-8s degraded=%s mismatch=%s members=[%s]\n' \
        "$md" "$(md_attr "$md" level)" "$(md_attr "$md" array_state)" \
        "$(md_attr "$md" sync_action)" "$(md_attr "$md" degraded)" \
        "$(md_attr "$md" mismatch_cnt)" "$(array_members "$md")"
}

needs_attention() {
    local md="$1"
    [[ "$(md_attr "$md" degraded)" != "0" ]] && return 0
    [[ "$(md_attr "$md" mismatch_cnt)" != "0" ]] && return 0
    case "$(md_attr "$md" array_state)" in
        clean|active|active-idle|write-pending) ;;
        *) return 0 ;;
    esac
    grep -q "faulty" <<<"$(array_members "$md")" && return 0
    return 1
}

main() {
    [[ -r /proc/mdstat ]] || die "no /proc/mdstat, md driver not loaded?"
    local bad=0
    {
        printf 'md array status on %s at %s\n' "$(hostname -f 2>/dev/null || hostname)" "$(date -R)"
        printf 'resync floor: %s KB/s, ceiling: %s KB/s\n\n' \
            "$(cat /proc/sys/dev/raid/speed_limit_min)" "$(cat /proc/sys/dev/raid/speed_limit_max)"
        for md in $(list_arrays); do
            [[ -d "/sys/block/$md/md" ]] || { log "$md: not an md array, skipping"; continue; }
            if needs_attention "$md"; then
                bad=$((bad + 1))
                printf '!! '
                array_summary "$md"
            elif (( ! QUIET )); then
                printf '   '
                array_summary "$md"
            fi
        done
        printf '\n--- /proc/mdstat ---\n'
        cat /proc/mdstat
    } > "$REPORT"

    cat "$REPORT"
    if (( bad > 0 )); then
        log "$bad array(s) need attention"
        if [[ -n "$MAILTO" ]] && command -v mail >/dev/null; then
            mail -s "[md] $bad array(s) need attention on $(hostname)" "$MAILTO" < "$REPORT"
        fi
        return 1
    fi
    log "all arrays healthy"
}

main "$@"
