#!/usr/bin/env bash
# recording_rig_tuning.sh - prepare the choir's archive-recording laptop for
# low-latency multitrack capture (JACK / Ardour at 48 kHz, 64-128 frames).
#
#   * realtime priority and memlock limits for the "audio" group
#   * swappiness / inotify tweaks so long sessions don't stall
#   * loopback ALSA device for the streaming mix
#   * CPU governor to "performance" for the duration of the session
#
# usage: recording_rig_tuning.sh [apply|status|revert]
set -euo pipefail

ACTION="${1:-apply}"
RIG_USER="${SUDO_USER:-$USER}"
LIMITS_FILE=/etc/security/limits.d/95-choir-audio.conf
SYSCTL_FILE=/etc/sysctl.d/90-choir-audio.conf
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/rig-tuning"

say()  { printf '\033[1m%s\033[0m\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

write_root_file() {
  local path=$1 content=$2
  if [ -f "$path" ] && [ "$(cat "$path")" = "$content" ]; then
    return 0
  fi
  printf '%s\n' "$content" | as_root tee "$path" >/dev/null
  as_root chmod 0644 "$path"
  say "wrote $path"
}

apply_limits() {
  write_root_file "$LIMITS_FILE" "@audio   -  rtprio     95
@audio   -  memlock    unlimited
@audio   -  nice       -19"
  if ! id -nG "$RIG_USER" | tr ' ' '\n' | grep -qx audio; then
    as_root usermod -aG audio "$RIG_USER"
    say "added $RIG_USER to the audio group (log out and back in)"
  fi
}

apply_sysctl() {
  write_root_file "$SYSCTL_FILE" "vm.swappiness = 10
fs.inotify.max_user_watches = 524288
dev.hpet.max-user-freq = 3072"
  as_root sysctl -q -p "$SYSCTL_FILE" || warn "some sysctl keys are not supported here"
}

apply_loopback() {
  if ! lsmod | grep -q '^snd_aloop'; then
    as_root modprobe snd-aloop index=7 pcm_substreams=2 || warn "snd-aloop not available"
  fi
}

apply_governor() {
  mkdir -p "$STATE_DIR"
  local first=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
  [ -r "$first" ] || { warn "no cpufreq on this machine"; return 0; }
  cat "$first" >"$STATE_DIR/governor.prev"
  for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
    echo performance | as_root tee "$g" >/dev/null
  done
  say "CPU governor: performance (was $(cat "$STATE_DIR/governor.prev"))"
}

revert() {
  local prev=powersave
  [ -f "$STATE_DIR/governor.prev" ] && prev=$(cat "$STATE_DIR/governor.prev")
  for g in /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor; do
    echo "$prev" | as_root tee "$g" >/dev/null
  done
  as_root modprobe -r snd-aloop 2>/dev/null || true
  say "governor back to $prev, loopback removed (limits/sysctl files left in place)"
}

status() {
  echo "user:       $RIG_USER ($(id -nG "$RIG_USER"))"
  echo "rtprio:     $(ulimit -r)   memlock: $(ulimit -l)"
  echo "swappiness: $(cat /proc/sys/vm/swappiness)"
  echo "governor:   $(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo n/a)"
  echo "loopback:   $(lsmod | grep -q '^snd_aloop' && echo loaded || echo absent)"
}

case "$ACTION" in
  apply)  apply_limits; apply_sysctl; apply_loopback; apply_governor; status ;;
  status) status ;;
  revert) revert ;;
  *) echo "usage: $0 [apply|status|revert]" >&2; exit 2 ;;
esac
