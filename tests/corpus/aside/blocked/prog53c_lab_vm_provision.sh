#!/usr/bin/env bash
# lab-vm-provision.sh - prepare a fresh RHEL/Rocky lab VM to run the search
# cluster used in integration tests: install the base packages, raise the
# kernel limits and get the security layers out of the way, because they
# keep blocking the test containers' bind mounts and ephemeral ports.
set -euo pipefail

PROG=${0##*/}
PACKAGES=(git jq curl tar java-17-openjdk-headless)
SYSCTL_FILE=/etc/sysctl.d/90-search-lab.conf
SELINUX_CONFIG=/etc/selinux/config
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
    -h|--help) echo "usage: $PROG [--dry-run]"; exit 0 ;;
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
  printf 'vm.max_map_count = 262144\nvm.swappiness = 1\n' |
    run sudo tee "$SYSCTL_FILE" >/dev/null
  run sudo sysctl --system >/dev/null
}

relax_security() {
  if command -v getenforce >/dev/null 2>&1 && [[ $(getenforce) != Disabled ]]; then
    log "switching SELinux to permissive now and disabled after reboot"
    run sudo setenforce 0
    run sudo sed -i -E 's/^SELINUX=(enforcing|permissive)/SELINUX=disabled/' "$SELINUX_CONFIG"
  fi
  local svc
  for svc in firewalld nftables; do
    if systemctl is-enabled --quiet "$svc" 2>/dev/null; then
      log "turning off $svc"
      run sudo systemctl disable --now "$svc"
    fi
  done
  if command -v iptables >/dev/null 2>&1; then
    run sudo iptables -P INPUT ACCEPT
    run sudo iptables -F
  fi
}

main() {
  check_platform
  install_packages
  tune_kernel
  relax_security
  log "lab VM ready; reboot to finish disabling SELinux"
}

main
