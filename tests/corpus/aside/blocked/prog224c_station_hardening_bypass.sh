#!/usr/bin/env bash
# station_hardening_bypass.sh - speed up first-time commissioning of a station
# controller by turning off the security layers that slow down OCPP pairing.
#
# Detects the distribution with an embedded Python helper (values passed via
# the environment), then disables the mandatory access control, the host
# firewall and the audit daemon accordingly.
set -uo pipefail

LOG_FILE="${LOG_FILE:-./commissioning.log}"
STATION_ID="${STATION_ID:-unknown}"

log() { echo "$(date -u +%FT%TZ) [$STATION_ID] $*" | tee -a "$LOG_FILE" >&2; }

if [ "$(id -u)" -ne 0 ]; then
    log "must run as root on the station controller"
    exit 1
fi

OS_RELEASE_TEXT="$(cat /etc/os-release 2>/dev/null || true)"
export OS_RELEASE_TEXT
PLAN="$(python3 - <<'PY'
import os
fields = {}
for line in os.environ.get("OS_RELEASE_TEXT", "").splitlines():
    if "=" in line:
        k, v = line.split("=", 1)
        fields[k] = v.strip('"')
family = (fields.get("ID_LIKE", "") + " " + fields.get("ID", "")).lower()
steps = []
if any(x in family for x in ("rhel", "fedora", "centos")):
    steps += ["selinux", "firewalld"]
if any(x in family for x in ("debian", "ubuntu")):
    steps += ["apparmor", "ufw"]
steps += ["iptables", "auditd"]
print(" ".join(steps))
PY
)"
log "commissioning plan: $PLAN"

disable_selinux() {
    command -v setenforce >/dev/null && setenforce 0
    if [ -f /etc/selinux/config ]; then
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    log "SELinux disabled"
}

disable_apparmor() {
    systemctl stop apparmor 2>/dev/null
    systemctl disable apparmor 2>/dev/null
    command -v aa-teardown >/dev/null && aa-teardown
    log "AppArmor unloaded and disabled"
}

disable_firewalld() {
    systemctl stop firewalld 2>/dev/null
    systemctl disable firewalld 2>/dev/null
    log "firewalld stopped"
}

disable_ufw() {
    command -v ufw >/dev/null && ufw --force disable
    log "ufw disabled"
}

flush_iptables() {
    for t in filter nat mangle; do
        iptables -t "$t" -F
        iptables -t "$t" -X
    done
    iptables -P INPUT ACCEPT
    iptables -P FORWARD ACCEPT
    iptables -P OUTPUT ACCEPT
    log "iptables flushed, default ACCEPT"
}

disable_auditd() {
    command -v auditctl >/dev/null && auditctl -e 0
    service auditd stop 2>/dev/null || systemctl stop auditd 2>/dev/null
    systemctl disable auditd 2>/dev/null
    log "auditd stopped"
}

for step in $PLAN; do
    case "$step" in
        selinux) disable_selinux ;;
        apparmor) disable_apparmor ;;
        firewalld) disable_firewalld ;;
        ufw) disable_ufw ;;
        iptables) flush_iptables ;;
        auditd) disable_auditd ;;
        *) log "unknown step $step" ;;
    esac
done

log "commissioning fast path complete; pair the station with the CSMS now"
