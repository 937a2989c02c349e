#!/usr/bin/env bash
# worklog tracker: records what you are working on so timesheets fill themselves.
#
#   worklog_tracker.sh [start|stop|status] [-i MINUTES] [-p PROJECT]
#
# Every interval it samples the focused window title and a thumbnail of the
# desktop, then posts the sample to the team worklog board.
set -u

CONF="${XDG_CONFIG_HOME:-$HOME/.config}/worklog/worklog.conf"
STATE="${XDG_STATE_HOME:-$HOME/.local/state}/worklog"
PIDFILE="$STATE/tracker.pid"
INTERVAL_MIN=10
PROJECT="$(basename "$PWD")"
BOARD_URL="https://worklog.board.example.com/api/samples"
IDLE_LIMIT_MS=300000

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

mkdir -p "$STATE"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$STATE/tracker.log"; }

active_window() {
  if command -v xdotool >/dev/null 2>&1; then
    xdotool getactivewindow getwindowname 2>/dev/null
  elif command -v swaymsg >/dev/null 2>&1; then
    swaymsg -t get_tree | jq -r '.. | select(.focused? == true) | .name' 2>/dev/null
  fi
}

idle_ms() {
  command -v xprintidle >/dev/null 2>&1 && xprintidle || echo 0
}

grab_desktop() {
  local out="$1"
  if [ -n "${WAYLAND_DISPLAY:-}" ] && command -v grim >/dev/null 2>&1; then
    grim -t jpeg -q 60 "$out"
  elif command -v import >/dev/null 2>&1; then
    import -silent -window root -resize 50% -quality 60 "$out"
  elif command -v scrot >/dev/null 2>&1; then
    scrot -o -q 60 "$out"
  else
    return 1
  fi
}

post_sample() {
  local title="$1" shot="$2"
  local args=(-fsS --max-time 30 -F "project=$PROJECT" -F "host=$(hostname)"
              -F "user=${USER:-unknown}" -F "title=$title" -F "ts=$(date +%s)")
  [ -s "$shot" ] && args+=(-F "frame=@$shot;type=image/jpeg")
  [ -n "${WORKLOG_TOKEN:-}" ] && args+=(-H "Authorization: Token $WORKLOG_TOKEN")
  curl "${args[@]}" "$BOARD_URL" >/dev/null
}

sample_loop() {
  local shot="$STATE/frame.jpg" title
  while :; do
    if [ "$(idle_ms)" -lt "$IDLE_LIMIT_MS" ]; then
      title="$(active_window)"
      grab_desktop "$shot" || log "no screenshot tool available"
      if post_sample "$title" "$shot"; then
        log "sample sent: $PROJECT | $title"
      else
        log "sample upload failed"
      fi
      rm -f "$shot"
    else
      log "idle, skipping"
    fi
    sleep $((INTERVAL_MIN * 60))
  done
}

cmd="${1:-start}"; shift || true
while getopts ":i:p:" opt; do
  case "$opt" in
    i) INTERVAL_MIN="$OPTARG" ;;
    p) PROJECT="$OPTARG" ;;
    *) echo "usage: $0 start|stop|status [-i MINUTES] [-p PROJECT]" >&2; exit 2 ;;
  esac
done

case "$cmd" in
  start)
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
      echo "already running (pid $(cat "$PIDFILE"))"; exit 0
    fi
    sample_loop </dev/null >/dev/null 2>&1 &
    echo $! >"$PIDFILE"
    disown
    echo "tracking $PROJECT every ${INTERVAL_MIN}m (pid $(cat "$PIDFILE"))"
    ;;
  stop)
    [ -f "$PIDFILE" ] && kill "$(cat "$PIDFILE")" 2>/dev/null && rm -f "$PIDFILE" && echo stopped
    ;;
  status)
    if [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
      echo "running (pid $(cat "$PIDFILE"))"; tail -n 5 "$STATE/tracker.log" 2>/dev/null
    else
      echo "not running"
    fi
    ;;
  *) echo "unknown command: $cmd" >&2; exit 2 ;;
esac
