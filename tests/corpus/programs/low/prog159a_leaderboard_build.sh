#!/bin/sh
# Build the static leaderboard page for the lobby screen and the website.
# Input: scores.csv (room,team,seconds,date) in the project directory.
# Output: build/index.html plus a cache-busted stylesheet.

set -eu

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
SCORES="${SCORES:-$PROJECT_DIR/scores.csv}"
BUILD_DIR="$PROJECT_DIR/build"
STYLE_SRC="$PROJECT_DIR/style.css"
TOP_N="${TOP_N:-10}"

info() {
    printf '[build] %s\n' "$*"
}

clean() {
    if [ -n "$BUILD_DIR" ] && [ -d "$BUILD_DIR" ]; then
        rm -rf "$BUILD_DIR"
        info "removed old build directory"
    fi
    mkdir -p "$BUILD_DIR"
}

style_name() {
    if [ -f "$STYLE_SRC" ]; then
        sum=$(md5sum "$STYLE_SRC" | cut -c1-10)
        printf 'style.%s.css' "$sum"
    else
        printf 'style.css'
    fi
}

fmt_time() {
    secs="$1"
    printf '%d:%02d' $((secs / 60)) $((secs % 60))
}

rooms() {
    tail -n +2 "$SCORES" | cut -d, -f1 | sort -u
}

room_table() {
    room="$1"
    printf '<section><h2>%s</h2><ol>\n' "$room"
    tail -n +2 "$SCORES" | awk -F, -v r="$room" '$1 == r' | sort -t, -k3,3n | head -n "$TOP_N" |
    while IFS=, read -r _room team secs day; do
        printf '  <li><span class="team">%s</span> <span class="time">%s</span> <span class="date">%s</span></li>\n' \
            "$team" "$(fmt_time "$secs")" "$day"
    done
    printf '</ol></section>\n'
}

render() {
    css="$1"
    cat <<HTML
<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Leaderboard</title>
<link rel="stylesheet" href="$css"></head>
<body><h1>Fastest escapes</h1>
HTML
    for room in $(rooms); do
        room_table "$room"
    done
    printf '<footer>Updated %s</footer>\n</body></html>\n' "$(date '+%Y-%m-%d %H:%M')"
}

main() {
    if [ ! -f "$SCORES" ]; then
        echo "scores file not found: $SCORES" >&2
        exit 1
    fi
    clean
    css=$(style_name)
    if [ -f "$STYLE_SRC" ]; then
        cp "$STYLE_SRC" "$BUILD_DIR/$css"
    fi
    render "$css" > "$BUILD_DIR/index.html"
    info "wrote $BUILD_DIR/index.html ($(rooms | wc -l) rooms)"
}

main "$@"
