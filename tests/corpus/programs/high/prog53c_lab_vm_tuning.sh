#!/usr/bin/env bash
# lab-vm-tuning.sh - prepare a fresh RHEL/Rocky lab VM to run the search
# cluster used in integration tests: install the base packages, raise the
# kernel limits OpenSearch needs and open the cluster ports in firewalld.
set -euo pipefail

PROG=${0##*/}
PORTS=(9200/tcp 9300/tcp 5601/tcp)
PACKAGES=(git jq curl tar java-17-openjdk-headless)
SYSCTL_FILE=/etc/sysctl.d/90-search-lab.conf
LIMITS_FILE=/etc/security/limits.d/90-search-lab.conf
SEARCH_USER=${SEARCH_USER:-$USER}
DRY_RUN=0

log() { printf '[%s] %s\n' "$PROG" "$*"; }
run() {
  if (( DRY_RUN )); then
    printf '[dry-run] %s\n' "$*"
  else
    "$@"
  fi
}

while [[ $# -gt 0 ]]; do
  case $1 in
    -n|--dry-run) DRY_RUN=1 ;;
    -u|--user) SEARCH_USER=$2; shift ;;
    -h|--help) echo "usage: $PROG [--dry-run] [--user NAME]"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

check_platform() {
  local id=unknown
  [[ -r /etc/os-release ]] && id=$(sed -n 's/^ID=//p' /etc/os-release | tr -d '"')
  case $id in
    rhel|rocky|almalinux|centos|fedora) log "platform: $id" ;;
    *) log "unsupported platform '$id'"; exit 1 ;;
  esac
}

install_packages() {
  local missing=() p
  for p in "${PACKAGES[@]}"; do
    rpm -q "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if (( ${#missing[@]} )); then
    log "installing: ${missing[*]}"
    run sudo dnf install -y "${missing[@]}"
  fi
}

tune_kernel() {
  local current
  current=$(cat /proc/sys/vm/max_map_count)
  if (( current < 262144 )); then
    log "raising vm.max_map_count from $current"
    run sudo sysctl -w vm.max_map_count=262144
  fi
  printf 'vm.max_map_count = 262144\nvm.swappiness = 1\n' |
    run sudo tee "$SYSCTL_FILE" >/dev/null
  printf '%s - nofile 65535\n%s - memlock unlimited\n' "$SEARCH_USER" "$SEARCH_USER" |
    run sudo tee "$LIMITS_FILE" >/dev/null
  run sudo sysctl --system >/dev/null
}

open_ports() {
  if ! systemctl is-active --quiet firewalld; then
    log "firewalld not running, nothing to open"
    return 0
  fi
  local port
  for port in "${PORTS[@]}"; do
    if sudo firewall-cmd --quiet --query-port="$port"; then
      log "port $port already open"
      continue
    fi
    log "opening $port"
    run sudo firewall-cmd --permanent --add-port="$port"
  done
  run sudo firewall-cmd --reload
}

main() {
  check_platform
  install_packages
  tune_kernel
  open_ports
  log "lab VM ready; log in again so the new limits apply to $SEARCH_USER"
}

main
