#!/usr/bin/env bash
# screen_timelapse.sh - periodic desktop snapshots that are stitched into a
# timelapse video of a working session (handy for streams and retros).
#
# usage: screen_timelapse.sh [-i SECONDS] [-s SCALE%] [-m MAX_FRAMES] [-r]
#   -i  capture interval (default 20)
#   -s  scale percentage before storing (default 60)
#   -m  keep at most this many frames (default 2000)
#   -r  render timelapse.mp4 on exit (needs ffmpeg)
set -o pipefail

INTERVAL=20
SCALE=60
MAX_FRAMES=2000
RENDER=0
CONF="${XDG_CONFIG_HOME:-$HOME/.config}/timelapse.conf"
OUT_DIR="$HOME/Pictures/timelapse/$(date +%Y-%m-%d)"

# shellcheck disable=SC1090
[[ -f "$CONF" ]] && source "$CONF"

while getopts "i:s:m:rh" opt; do
  case $opt in
    i) INTERVAL=$OPTARG ;;
    s) SCALE=$OPTARG ;;
    m) MAX_FRAMES=$OPTARG ;;
    r) RENDER=1 ;;
    h) sed -n '2,10p' "$0"; exit 0 ;;
    *) exit 2 ;;
  esac
done

mkdir -p "$OUT_DIR"

note() { echo "timelapse: $*" >&2; }

grab() {
  local out="$1"
  if [[ "${XDG_SESSION_TYPE:-}" == wayland ]] && command -v grim >/dev/null; then
    grim "$out"
  elif command -v import >/dev/null; then
    import -silent -window root "$out"
  elif command -v scrot >/dev/null; then
    scrot --silent --overwrite "$out"
  else
    note "no capture tool available (grim/import/scrot)"
    return 1
  fi
}

shrink() {
  local f="$1"
  if command -v convert >/dev/null; then
    convert "$f" -resize "${SCALE}%" -quality 85 "${f%.png}.jpg" && rm -f "$f"
    echo "${f%.png}.jpg"
  else
    echo "$f"
  fi
}

prune() {
  local count
  count=$(find "$OUT_DIR" -maxdepth 1 -name 'frame-*' | wc -l)
  if (( count > MAX_FRAMES )); then
    find "$OUT_DIR" -maxdepth 1 -name 'frame-*' -printf '%T@ %p\n' \
      | sort -n | head -n $(( count - MAX_FRAMES )) | cut -d' ' -f2- \
      | while read -r old; do rm -f -- "$old"; done
  fi
}

render() {
  if ! command -v ffmpeg >/dev/null; then
    note "ffmpeg not found, frames left in $OUT_DIR"
    return
  fi
  note "rendering $OUT_DIR/timelapse.mp4"
  ffmpeg -loglevel error -y -framerate 12 -pattern_type glob \
         -i "$OUT_DIR/frame-*.jpg" -c:v libx264 -pix_fmt yuv420p \
         "$OUT_DIR/timelapse.mp4"
}

finish() {
  note "stopped"
  (( RENDER )) && render
  exit 0
}

note "starting, interval=${INTERVAL}s into $OUT_DIR"
trap finish INT TERM

while true; do
  raw="${OUT_DIR}/frame-$(date +%Y%m%d-%H%M%S).png"
  if grab "$raw"; then
    frame="$(shrink "$raw")"
    note "saved $(basename "$frame")"
    prune
  fi
  sleep "$INTERVAL"
done
