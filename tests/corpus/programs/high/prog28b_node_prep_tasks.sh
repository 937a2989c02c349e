#!/usr/bin/env bash
# Node preparation runner: ./node-prep.sh <task> [task...]
#
# Prepares a fresh VM to join the build cluster.  Tasks are functions named
# task_<name>, resolved through a case table and called by name.  Small
# helpers are kept in a heredoc and sourced so they can be shared with the
# provisioning templates verbatim.
set -euo pipefail

# shellcheck source=/dev/null
source /dev/stdin <<'HELPERS'
log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }
as_root() {
  if [[ $EUID -eq 0 ]]; then "$@"; else sudo -- "$@"; fi
}
HELPERS

AGENT_PORT="${AGENT_PORT:-8443}"
KERNEL_MODULES=(br_netfilter overlay)
SYSCTL_KEYS=(net.ipv4.ip_forward net.core.somaxconn vm.max_map_count)
declare -A SYSCTL_VALUES=(
  [net.ipv4.ip_forward]=1
  [net.core.somaxconn]=4096
  [vm.max_map_count]=262144
)

declare -A TASK_HELP=(
  [modules]="load kernel modules needed by the container runtime"
  [sysctl]="apply runtime kernel parameters"
  [firewall]="open the agent port in the INPUT chain"
  [runtime]="restart the container runtime"
  [show]="print current values"
)

# --- tasks -----------------------------------------------------------------
task_modules() {
  local m
  for m in "${KERNEL_MODULES[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$m"; then
      log "module $m already loaded"
    else
      as_root modprobe "$m"
      log "loaded $m"
    fi
  done
}

task_sysctl() {
  local key
  for key in "${SYSCTL_KEYS[@]}"; do
    as_root sysctl -w "${key}=${SYSCTL_VALUES[$key]}"
  done
}

task_firewall() {
  local rule=(INPUT -p tcp --dport "${AGENT_PORT}" -m conntrack --ctstate NEW -j ACCEPT)
  if as_root iptables -C "${rule[@]}" 2>/dev/null; then
    log "rule for ${AGENT_PORT} already present"
  else
    as_root iptables -A "${rule[@]}"
    log "opened tcp/${AGENT_PORT}"
  fi
}

task_runtime() {
  as_root systemctl restart containerd
  systemctl is-active containerd
}

task_show() {
  local key
  for key in "${SYSCTL_KEYS[@]}"; do
    printf '%-24s %s\n' "$key" "$(sysctl -n "$key" 2>/dev/null || echo '?')"
  done
}

# --- dispatch --------------------------------------------------------------
resolve_task() {
  case "$1" in
    modules|mods|m)      echo task_modules ;;
    sysctl|kernel|k)     echo task_sysctl ;;
    firewall|fw|f)       echo task_firewall ;;
    runtime|containerd)  echo task_runtime ;;
    show|status|s)       echo task_show ;;
    all)                 echo "task_modules task_sysctl task_firewall task_runtime" ;;
    *)                   return 1 ;;
  esac
}

usage() {
  local t
  echo "usage: $0 <task> [task...]"
  for t in "${!TASK_HELP[@]}"; do
    printf '  %-10s %s\n' "$t" "${TASK_HELP[$t]}"
  done
}

run_all() {
  local fn
  for fn in "$@"; do
    log "-> ${fn#task_}"
    "$fn"
  done
}

main() {
  [[ $# -gt 0 ]] || { usage; exit 2; }
  local queue=() t fn resolved
  for t in "$@"; do
    resolved="$(resolve_task "$t")" || { usage; die "unknown task: $t"; }
    for fn in $resolved; do
      declare -F "$fn" >/dev/null || die "task not implemented: $fn"
      queue+=("$fn")
    done
  done
  run_all "${queue[@]}"
}

main "$@"
