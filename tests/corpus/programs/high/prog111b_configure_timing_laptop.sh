#!/usr/bin/env bash
# configure_timing_laptop.sh - one-off setup of a club laptop for chip timing.
#
#  * names the finish, halfway and start readers in /etc/hosts so the timing
#    software config can use names instead of addresses
#  * gives the current user access to the USB-serial reader port
#  * raises the UDP receive buffers (reader bursts at the finish drop reads
#    with the defaults)
#  * points chrony at the GPS clock on the timing LAN and restarts it
#
#   configure_timing_laptop.sh [readers.conf]
set -euo pipefail

READERS_CONF="${1:-readers.conf}"
GPS_CLOCK="${GPS_CLOCK:-192.168.50.2}"
MARK_BEGIN="# >>> chip timing readers >>>"
MARK_END="# <<< chip timing readers <<<"
SYSCTL_DROPIN="/etc/sysctl.d/60-chip-timing.conf"
CHRONY_DROPIN="/etc/chrony/conf.d/timing-gps.conf"

say() { echo "-- $*"; }

[ -f "$READERS_CONF" ] || { echo "missing $READERS_CONF (lines: name address)" >&2; exit 1; }
sudo -v || { echo "this needs an admin account" >&2; exit 1; }

update_hosts() {
  local block
  block=$(mktemp)
  {
    echo "$MARK_BEGIN"
    grep -Ev '^\s*(#|$)' "$READERS_CONF" | while read -r name addr; do
      printf '%s\t%s %s.timing.lan\n' "$addr" "$name" "$name"
    done
    echo "$MARK_END"
  } > "$block"
  sudo sed -i "/^$MARK_BEGIN\$/,/^$MARK_END\$/d" /etc/hosts
  sudo tee -a /etc/hosts < "$block" >/dev/null
  rm -f "$block"
  say "reader names added to /etc/hosts"
}

serial_access() {
  local grp=dialout
  getent group uucp >/dev/null && ! getent group dialout >/dev/null && grp=uucp
  if id -nG "$USER" | grep -qw "$grp"; then
    say "$USER already in $grp"
  else
    sudo usermod -aG "$grp" "$USER"
    say "added $USER to $grp (log out and back in)"
  fi
}

udp_buffers() {
  printf 'net.core.rmem_max = 8388608\nnet.core.rmem_default = 1048576\n' \
    | sudo tee "$SYSCTL_DROPIN" >/dev/null
  sudo sysctl -q -p "$SYSCTL_DROPIN"
  say "UDP buffers raised"
}

clock_sync() {
  if ! command -v chronyd >/dev/null 2>&1; then
    say "chrony not installed, skipping clock setup"
    return
  fi
  sudo mkdir -p "$(dirname "$CHRONY_DROPIN")"
  echo "server $GPS_CLOCK iburst prefer minpoll 2 maxpoll 4" | sudo tee "$CHRONY_DROPIN" >/dev/null
  sudo systemctl restart chrony 2>/dev/null || sudo systemctl restart chronyd
  sleep 3
  chronyc -n sources | sed -n '1,6p'
  say "clock synced to GPS source $GPS_CLOCK"
}

update_hosts
serial_access
udp_buffers
clock_sync
say "timing laptop configured"
