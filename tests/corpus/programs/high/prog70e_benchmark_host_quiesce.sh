#!/usr/bin/env bash
# benchmark_host_quiesce.sh - quiet a CI host before the performance
# regression suite so timings are comparable run to run, run the suite pinned
# to isolated cores, then put the host back the way it was.
#
#   ./benchmark_host_quiesce.sh [-c "2-7"] [-o results.json] -- <benchmark command...>
set -euo pipefail

CORES="2-$(( $(nproc) - 1 ))"
OUT="bench-results.json"
STATE=".bench-host-state"
NOISY_UNITS=(unattended-upgrades.service packagekit.service fwupd.service man-db.timer apt-daily.timer)

while getopts ":c:o:h" opt; do
    case "$opt" in
        c) CORES="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) sed -n '2,6p' "$0"; exit 0 ;;
    esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
[ "$#" -gt 0 ] || { echo "no benchmark command given" >&2; exit 64; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}

log() { echo "[quiesce] $*" >&2; }

save_state() {
    : > "$STATE"
    echo "paranoid=$(cat /proc/sys/kernel/perf_event_paranoid)" >> "$STATE"
    echo "aslr=$(cat /proc/sys/kernel/randomize_va_space)" >> "$STATE"
    if [ -r /sys/devices/system/cpu/intel_pstate/no_turbo ]; then
        echo "no_turbo=$(cat /sys/devices/system/cpu/intel_pstate/no_turbo)" >> "$STATE"
    fi
    echo "governor=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo none)" >> "$STATE"
    for u in "${NOISY_UNITS[@]}"; do
        systemctl is-active --quiet "$u" && echo "unit=$u" >> "$STATE"
    done
    log "saved host state to $STATE"
}

quiesce() {
    as_root sysctl -q -w kernel.perf_event_paranoid=-1
    as_root sysctl -q -w kernel.randomize_va_space=0
    if [ -w /sys/devices/system/cpu/intel_pstate/no_turbo ] || [ "$(id -u)" -ne 0 ]; then
        echo 1 | as_root tee /sys/devices/system/cpu/intel_pstate/no_turbo >/dev/null || true
    fi
    for g in /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
        [ -e "$g" ] && echo performance | as_root tee "$g" >/dev/null
    done
    grep '^unit=' "$STATE" | cut -d= -f2 | while read -r u; do
        as_root systemctl stop "$u" && log "stopped $u"
    done
    sync
    echo 3 | as_root tee /proc/sys/vm/drop_caches >/dev/null
    log "host quiesced"
}

restore() {
    [ -f "$STATE" ] || return 0
    local key val
    while IFS='=' read -r key val; do
        case "$key" in
            paranoid) as_root sysctl -q -w kernel.perf_event_paranoid="$val" ;;
            aslr)     as_root sysctl -q -w kernel.randomize_va_space="$val" ;;
            no_turbo) echo "$val" | as_root tee /sys/devices/system/cpu/intel_pstate/no_turbo >/dev/null ;;
            governor) [ "$val" != none ] && for g in /sys/devices/system/cpu/cpu[0-9]*/cpufreq/scaling_governor; do
                          echo "$val" | as_root tee "$g" >/dev/null; done ;;
            unit)     as_root systemctl start "$val" ;;
        esac
    done < "$STATE"
    rm -f "$STATE"
    log "host restored"
}

save_state
trap restore EXIT INT TERM
quiesce

log "running on cores $CORES: $*"
start=$(date +%s.%N)
set +e
taskset -c "$CORES" "$@"
rc=$?
set -e
end=$(date +%s.%N)

printf '{"command": "%s", "cores": "%s", "exit": %d, "wall_seconds": %.3f}\n' \
    "$*" "$CORES" "$rc" "$(echo "$end - $start" | bc)" > "$OUT"
log "wrote $OUT (exit $rc)"
exit "$rc"
