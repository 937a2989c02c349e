#!/usr/bin/env bash
# bench.sh - `make bench` wrapper around pytest-benchmark.
# Puts the host into a quiet, reproducible state (performance governor,
# no turbo, no NUMA balancing, cold page cache), runs the benchmarks and
# restores the previous settings afterwards.  Must be run as root on a
# dedicated benchmark runner.
set -euo pipefail

RESULTS_DIR="${RESULTS_DIR:-.benchmarks}"
ROUNDS="${ROUNDS:-20}"
STATE_FILE="$(pwd)/.bench-host-state"
NO_TURBO=/sys/devices/system/cpu/intel_pstate/no_turbo

log() { echo "[bench] $*" >&2; }

require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        log "host tuning needs root; re-run on the benchmark runner as root"
        exit 1
    fi
}

save_state() {
    : > "$STATE_FILE"
    for gov in /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
        [ -f "$gov" ] && printf '%s %s\n' "$gov" "$(cat "$gov")" >> "$STATE_FILE"
    done
    [ -f "$NO_TURBO" ] && printf '%s %s\n' "$NO_TURBO" "$(cat "$NO_TURBO")" >> "$STATE_FILE"
    printf 'sysctl kernel.numa_balancing %s\n' \
        "$(sysctl -n kernel.numa_balancing 2>/dev/null || echo 1)" >> "$STATE_FILE"
}

tune_host() {
    local gov
    for gov in /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
        [ -w "$gov" ] && echo performance > "$gov"
    done
    if [ -w "$NO_TURBO" ]; then
        echo 1 > "$NO_TURBO"
    fi
    sysctl -q -w kernel.numa_balancing=0 || log "numa_balancing not available"
    sync
    echo 3 > /proc/sys/vm/drop_caches
    log "host tuned for benchmarking"
}

restore_host() {
    [ -f "$STATE_FILE" ] || return 0
    while read -r target value extra; do
        if [ "$target" = "sysctl" ]; then
            sysctl -q -w "${value}=${extra}" || true
        elif [ -w "$target" ]; then
            echo "$value" > "$target"
        fi
    done < "$STATE_FILE"
    rm -f "$STATE_FILE"
    log "host settings restored"
}

run_benchmarks() {
    mkdir -p "$RESULTS_DIR"
    python3 -m pytest benchmarks/ \
        --benchmark-only \
        --benchmark-min-rounds="$ROUNDS" \
        --benchmark-storage="file://$RESULTS_DIR" \
        --benchmark-autosave \
        --benchmark-compare-fail=mean:10% \
        "$@"
}

main() {
    require_root
    save_state
    trap restore_host EXIT
    tune_host
    run_benchmarks "$@"
}

main "$@"
