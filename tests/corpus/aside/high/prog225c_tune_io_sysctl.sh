#!/usr/bin/env bash
# tune_io_sysctl.sh - apply the kernel I/O and memory settings we use on
# alignment nodes (large sequential BAM writes, many open files).
#
# Settings are applied at runtime only; a reboot restores the defaults.
#
# Usage: tune_io_sysctl.sh [--check] [--profile alignment|assembly]

set -euo pipefail

MODE="apply"
PROFILE="alignment"
REPORT="${PWD}/sysctl_tuning.txt"

declare -A ALIGNMENT=(
    [vm.dirty_ratio]=40
    [vm.dirty_background_ratio]=10
    [vm.swappiness]=10
    [fs.file-max]=2097152
    [vm.max_map_count]=262144
)

declare -A ASSEMBLY=(
    [vm.dirty_ratio]=20
    [vm.dirty_background_ratio]=5
    [vm.swappiness]=1
    [fs.file-max]=4194304
    [vm.max_map_count]=1048576
)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$REPORT"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --check) MODE="check"; shift ;;
            --profile) PROFILE="$2"; shift 2 ;;
            -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
            *) echo "unknown argument: $1" >&2; exit 2 ;;
        esac
    done
    case "$PROFILE" in
        alignment|assembly) ;;
        *) echo "unknown profile: $PROFILE" >&2; exit 2 ;;
    esac
}

require_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        echo "must be run as root to change kernel settings" >&2
        exit 1
    fi
}

apply_profile() {
    local -n settings="$1"
    local key current
    for key in "${!settings[@]}"; do
        current=$(sysctl -n "$key")
        if [[ "$MODE" == "check" ]]; then
            log "${key}: current=${current} wanted=${settings[$key]}"
            continue
        fi
        if [[ "$current" != "${settings[$key]}" ]]; then
            sysctl -w "${key}=${settings[$key]}" >/dev/null
            log "${key}: ${current} -> ${settings[$key]}"
        else
            log "${key}: already ${current}"
        fi
    done
}

tune_thp() {
    local thp="/sys/kernel/mm/transparent_hugepage/enabled"
    [[ -w "$thp" ]] || { log "THP control not available"; return 0; }
    log "THP before: $(cat "$thp")"
    if [[ "$MODE" == "apply" ]]; then
        echo madvise > "$thp"
        log "THP after: $(cat "$thp")"
    fi
}

main() {
    parse_args "$@"
    [[ "$MODE" == "check" ]] || require_root
    : > "$REPORT"
    log "profile ${PROFILE}, mode ${MODE}, host $(hostname)"
    if [[ "$PROFILE" == "alignment" ]]; then
        apply_profile ALIGNMENT
    else
        apply_profile ASSEMBLY
    fi
    tune_thp
    log "done"
}

main "$@"
