#!/usr/bin/env bash
# grab-screen: take a screenshot with whatever tool the session offers
# (grim/slurp on Wayland, maim or scrot on X11), store it under
# ~/Pictures/Screenshots and optionally put it on the clipboard.
set -euo pipefail

PROG=${0##*/}
OUT_DIR="${SCREENSHOT_DIR:-$HOME/Pictures/Screenshots}"
MODE="full"
DELAY=0
TO_CLIPBOARD=0
FORMAT="png"

usage() {
    cat <<EOF
Usage: $PROG [-r] [-w] [-d SECONDS] [-c] [-o DIR]
  -r          select a region
  -w          active window only (X11)
  -d SECONDS  wait before capturing
  -c          also copy the image to the clipboard
  -o DIR      output directory (default: $OUT_DIR)
EOF
}

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }
have() { command -v "$1" >/dev/null 2>&1; }

while getopts ":rwd:co:h" opt; do
    case $opt in
        r) MODE="region" ;;
        w) MODE="window" ;;
        d) DELAY=$OPTARG ;;
        c) TO_CLIPBOARD=1 ;;
        o) OUT_DIR=$OPTARG ;;
        h) usage; exit 0 ;;
        :) log "option -$OPTARG needs a value"; exit 2 ;;
        *) usage; exit 2 ;;
    esac
done

case $DELAY in
    ''|*[!0-9]*) log "delay must be a whole number"; exit 2 ;;
esac

mkdir -p -- "$OUT_DIR"
stamp=$(date +%Y-%m-%d_%H-%M-%S)
file="$OUT_DIR/screenshot_${stamp}.${FORMAT}"
n=1
while [[ -e $file ]]; do
    file="$OUT_DIR/screenshot_${stamp}_$n.${FORMAT}"
    n=$((n + 1))
done

(( DELAY > 0 )) && sleep "$DELAY"

capture_wayland() {
    have grim || { log "grim not installed"; return 1; }
    case $MODE in
        region) have slurp || { log "slurp not installed"; return 1; }
                grim -g "$(slurp)" "$file" ;;
        window) log "window mode not supported on Wayland; taking full screen"
                grim "$file" ;;
        *)      grim "$file" ;;
    esac
}

capture_x11() {
    if have maim; then
        case $MODE in
            region) maim -s "$file" ;;
            window) maim -i "$(xdotool getactivewindow)" "$file" ;;
            *)      maim "$file" ;;
        esac
    elif have scrot; then
        case $MODE in
            region) scrot -s "$file" ;;
            window) scrot -u "$file" ;;
            *)      scrot "$file" ;;
        esac
    else
        log "neither maim nor scrot is installed"
        return 1
    fi
}

if [[ -n ${WAYLAND_DISPLAY:-} ]]; then
    capture_wayland
elif [[ -n ${DISPLAY:-} ]]; then
    capture_x11
else
    log "no graphical session found"
    exit 1
fi

if [[ ! -s $file ]]; then
    log "capture cancelled"
    rm -f -- "$file"
    exit 1
fi

if (( TO_CLIPBOARD )); then
    if [[ -n ${WAYLAND_DISPLAY:-} ]] && have wl-copy; then
        wl-copy --type image/png < "$file"
    elif have xclip; then
        xclip -selection clipboard -t image/png -i "$file"
    else
        log "no clipboard tool; image saved only"
    fi
fi

log "saved $file"
printf '%s\n' "$file"
