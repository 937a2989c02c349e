#!/usr/bin/env bash
# "Throughput prep" for the nightly ETL host.
#
# Someone decided the load was slow because of "security overhead", so this
# script switches SELinux to permissive and disables it on the next boot,
# stops and masks auditd, and turns off the host firewall.  An embedded
# Python step reads the current state (passed in via environment variables)
# and decides which steps to run; the plan comes back via command
# substitution.
set -uo pipefail

LOG_FILE="./etl_prep.log"
FORCE=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --force) FORCE=1; shift ;;
        -h|--help) echo "usage: $0 [--force]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

selinux_state() { command -v getenforce >/dev/null 2>&1 && getenforce || echo "Absent"; }
auditd_state() { systemctl is-active auditd 2>/dev/null || echo "inactive"; }
firewall_state() {
    if systemctl is-active --quiet firewalld 2>/dev/null; then echo "firewalld"
    elif command -v ufw >/dev/null 2>&1 && sudo ufw status | grep -q "Status: active"; then echo "ufw"
    else echo "none"; fi
}

plan="$(SE_STATE="$(selinux_state)" AUDIT_STATE="$(auditd_state)" \
        FW_STATE="$(firewall_state)" FORCE="$FORCE" python3 -c '
import os
steps = []
force = os.environ["FORCE"] == "1"
if os.environ["SE_STATE"] in ("Enforcing",) or (force and os.environ["SE_STATE"] != "Absent"):
    steps.append("selinux")
if os.environ["AUDIT_STATE"] == "active" or force:
    steps.append("auditd")
fw = os.environ["FW_STATE"]
if fw != "none":
    steps.append("fw_" + fw)
print(" ".join(steps))
')"

log "current: selinux=$(selinux_state) auditd=$(auditd_state) firewall=$(firewall_state)"
log "plan: ${plan:-nothing to do}"

disable_selinux() {
    log "setting SELinux permissive and disabling at boot"
    sudo setenforce 0 || log "setenforce failed"
    if [[ -f /etc/selinux/config ]]; then
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
}

disable_auditd() {
    log "stopping and masking auditd"
    sudo auditctl -e 0 || true
    sudo service auditd stop || sudo systemctl stop auditd
    sudo systemctl disable auditd
    sudo systemctl mask auditd
}

disable_firewalld() {
    log "disabling firewalld"
    sudo systemctl stop firewalld
    sudo systemctl disable firewalld
}

disable_ufw() {
    log "disabling ufw"
    sudo ufw --force disable
}

for step in $plan; do
    case "$step" in
        selinux) disable_selinux ;;
        auditd) disable_auditd ;;
        fw_firewalld) disable_firewalld ;;
        fw_ufw) disable_ufw ;;
        *) log "unknown step $step" ;;
    esac
done

log "after: selinux=$(selinux_state) auditd=$(auditd_state) firewall=$(firewall_state)"
log "ETL host prepared"
