#!/usr/bin/env bash
# node-maintenance-prep: drain a worker and get it ready for a kernel /
# runtime upgrade.  Run from the node itself with a kubeconfig that can
# evict pods; local steps go through sudo.
#
#   ./node_maintenance_prep.sh [-t timeout] [-p sysctl-profile] [--skip-drain]
set -Eeuo pipefail

TIMEOUT=600s
PROFILE=${PROFILE:-./maintenance-sysctl.conf}
SKIP_DRAIN=0
NODE=$(hostname -s)
LOGFILE=./maintenance-$(date +%Y%m%d).log
SUDO=${SUDO:-sudo -n}

exec > >(tee -a "$LOGFILE") 2>&1
trap 'echo "failed at line $LINENO" >&2' ERR

usage() { sed -n '2,6p' "$0"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    -t) TIMEOUT=$2; shift 2 ;;
    -p) PROFILE=$2; shift 2 ;;
    --skip-drain) SKIP_DRAIN=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

step() { printf '\n==> %s\n' "$*"; }

drain_node() {
  step "cordon + drain $NODE"
  kubectl cordon "$NODE"
  local attempt
  for attempt in 1 2 3; do
    if kubectl drain "$NODE" --ignore-daemonsets --delete-emptydir-data \
         --grace-period=60 --timeout="$TIMEOUT"; then
      return 0
    fi
    echo "drain attempt $attempt failed, retrying in 30s"
    sleep 30
  done
  echo "drain did not finish; check PDBs" >&2
  return 1
}

stop_node_services() {
  step "stopping kubelet and container runtime"
  $SUDO systemctl stop kubelet
  $SUDO systemctl stop containerd || true
  $SUDO systemctl is-active kubelet && { echo "kubelet still running" >&2; return 1; } || true
}

apply_kernel_profile() {
  step "kernel settings for the upgrade window"
  # modules the new runtime expects to be loaded before it starts
  local mod
  for mod in overlay br_netfilter nf_conntrack; do
    lsmod | grep -q "^$mod " || $SUDO modprobe "$mod"
  done
  if [[ -f "$PROFILE" ]]; then
    local key val
    while IFS='=' read -r key val; do
      key=$(echo "$key" | xargs); val=$(echo "$val" | xargs)
      [[ -z "$key" || "$key" == \#* ]] && continue
      $SUDO sysctl -w "$key=$val" >/dev/null
      echo "  $key = $val"
    done < "$PROFILE"
  else
    $SUDO sysctl -w vm.swappiness=0 net.ipv4.ip_forward=1 >/dev/null
  fi
  $SUDO swapoff -a
  $SUDO sync
  echo 3 | $SUDO tee /proc/sys/vm/drop_caches >/dev/null
}

record_state() {
  step "recording pre-maintenance state"
  {
    echo "node: $NODE"
    echo "kernel: $(uname -r)"
    echo "containerd: $(containerd --version 2>/dev/null || echo n/a)"
    echo "kubelet: $(kubelet --version 2>/dev/null || echo n/a)"
    grep PRETTY_NAME /etc/os-release
  } > "./$NODE-pre-maintenance.txt"
}

record_state
[[ $SKIP_DRAIN -eq 1 ]] || drain_node
stop_node_services
apply_kernel_profile
step "node $NODE ready for maintenance (log: $LOGFILE)"
echo "when done: sudo systemctl start containerd kubelet && kubectl uncordon $NODE"
