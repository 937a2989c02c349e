#!/usr/bin/env bash
# Capture a local timelapse of a build session (e.g. a Minecraft base) into
# ./timelapse/<session>/ and optionally stitch it into a GIF. Nothing leaves
# the machine; frames stay under the working directory.
set -euo pipefail

INTERVAL=10
MAX_FRAMES=360
KEEP_SESSIONS=5
OUT_ROOT="./timelapse"
SESSION="$(date +%Y%m%d-%H%M%S)"
STITCH=0

usage() {
    cat <<USAGE
Usage: $0 [-i seconds] [-n max_frames] [-k keep_sessions] [-s]
  -i  seconds between frames (default $INTERVAL)
  -n  stop after this many frames (default $MAX_FRAMES)
  -k  number of old sessions to keep (default $KEEP_SESSIONS)
  -s  stitch frames into preview.gif when done (needs ImageMagick)
USAGE
}

while getopts ":i:n:k:sh" opt; do
    case "$opt" in
        i) INTERVAL="$OPTARG" ;;
        n) MAX_FRAMES="$OPTARG" ;;
        k) KEEP_SESSIONS="$OPTARG" ;;
        s) STITCH=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

pick_grabber() {
    if command -v scrot >/dev/null 2>&1; then
        echo scrot
    elif command -v gnome-screenshot >/dev/null 2>&1; then
        echo gnome
    else
        echo none
    fi
}

grab() {
    local target="$1"
    case "$GRABBER" in
        scrot) scrot --silent --overwrite "$target" ;;
        gnome) gnome-screenshot --file="$target" ;;
    esac
}

prune_sessions() {
    local count
    count=$(find "$OUT_ROOT" -mindepth 1 -maxdepth 1 -type d | wc -l)
    if (( count > KEEP_SESSIONS )); then
        find "$OUT_ROOT" -mindepth 1 -maxdepth 1 -type d | sort |
            head -n $((count - KEEP_SESSIONS)) |
            while read -r old; do
                echo "removing old session $old"
                rm -rf -- "$old"
            done
    fi
}

GRABBER="$(pick_grabber)"
if [[ "$GRABBER" == none ]]; then
    echo "need scrot or gnome-screenshot" >&2
    exit 1
fi

DIR="$OUT_ROOT/$SESSION"
mkdir -p "$DIR"
trap 'echo; echo "stopped after $frame frames in $DIR"' EXIT

frame=0
while (( frame < MAX_FRAMES )); do
    printf -v name '%s/frame_%05d.png' "$DIR" "$frame"
    if grab "$name"; then
        frame=$((frame + 1))
    else
        echo "capture failed, retrying" >&2
    fi
    sleep "$INTERVAL"
done

if (( STITCH )) && command -v convert >/dev/null 2>&1; then
    convert -delay 8 -loop 0 -resize 50% "$DIR"/frame_*.png "$DIR/preview.gif"
fi
prune_sessions
