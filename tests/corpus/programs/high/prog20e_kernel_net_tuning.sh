#!/usr/bin/env bash
# kernel-net-tune: apply and persist network sysctls for the k8s worker pool
# (BBR congestion control, bigger backlogs, bridge netfilter for CNI).
set -euo pipefail

SYSCTL_FILE="/etc/sysctl.d/90-worker-net.conf"
MODULES_FILE="/etc/modules-load.d/worker-net.conf"
CHECK_ONLY=0
VERBOSE=0

_clr() { [[ -t 1 ]] && printf '\033[%sm' "$1"; return 0; }
log()  { _clr "1;34"; printf '[net-tune] '; _clr 0; printf '%s\n' "$*"; }
vlog() { (( VERBOSE )) && log "$@"; return 0; }
err()  { _clr "1;31"; printf '[net-tune] %s\n' "$*" >&2; _clr 0; }

declare -A WANT=(
  [net.core.somaxconn]=4096
  [net.core.netdev_max_backlog]=16384
  [net.ipv4.tcp_max_syn_backlog]=8192
  [net.ipv4.tcp_congestion_control]=bbr
  [net.core.default_qdisc]=fq
  [net.ipv4.ip_forward]=1
  [net.bridge.bridge-nf-call-iptables]=1
  [net.bridge.bridge-nf-call-ip6tables]=1
  [vm.max_map_count]=262144
  [fs.inotify.max_user_watches]=524288
)
MODULES=(tcp_bbr br_netfilter overlay)

while [[ $# -gt 0 ]]; do
  case "$1" in
    --check) CHECK_ONLY=1 ;;
    -v|--verbose) VERBOSE=1 ;;
    -h|--help) echo "usage: ${0##*/} [--check] [-v]"; exit 0 ;;
    *) err "unknown option $1"; exit 2 ;;
  esac
  shift
done

as_root() {
  if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

load_modules() {
  local m
  for m in "${MODULES[@]}"; do
    if lsmod | awk '{print $1}' | grep -qx "$m"; then
      vlog "module $m already loaded"
    else
      log "loading module $m"
      as_root modprobe "$m"
    fi
  done
  printf '%s\n' "# managed by kernel-net-tune" "${MODULES[@]}" \
    | as_root tee "$MODULES_FILE" >/dev/null
}

current() { sysctl -n "$1" 2>/dev/null || echo "n/a"; }

check() {
  local key drift=0
  printf '%-40s %-12s %-12s\n' KEY CURRENT WANTED
  for key in $(printf '%s\n' "${!WANT[@]}" | sort); do
    local cur
    cur="$(current "$key")"
    printf '%-40s %-12s %-12s\n' "$key" "$cur" "${WANT[$key]}"
    [[ "$cur" == "${WANT[$key]}" ]] || drift=$((drift + 1))
  done
  return "$drift"
}

apply_live() {
  local key
  for key in "${!WANT[@]}"; do
    if [[ "$(current "$key")" != "${WANT[$key]}" ]]; then
      log "sysctl -w $key=${WANT[$key]}"
      as_root sysctl -q -w "$key=${WANT[$key]}"
    fi
  done
}

persist() {
  {
    echo "# managed by kernel-net-tune on $(date -u +%FT%TZ)"
    for key in $(printf '%s\n' "${!WANT[@]}" | sort); do
      echo "$key = ${WANT[$key]}"
    done
  } | as_root tee "$SYSCTL_FILE" >/dev/null
  as_root chmod 0644 "$SYSCTL_FILE"
  log "persisted to $SYSCTL_FILE"
}

main() {
  if (( CHECK_ONLY )); then
    check && log "no drift" || { err "drift detected"; exit 1; }
    return
  fi
  load_modules
  apply_live
  persist
  as_root sysctl --system >/dev/null
  check >/dev/null && log "all values applied" || err "some values did not stick"
}

main
