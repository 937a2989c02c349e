#!/usr/bin/env bash
# snippet-expander: pick a text snippet with rofi/dmenu and type it into the
# focused window (xdotool) or paste it through the clipboard (xclip).
# Snippets live in ~/.config/snippets/*.txt, one snippet per file.
set -uo pipefail

SNIPPET_DIR="${SNIPPET_DIR:-$HOME/.config/snippets}"
MENU_CACHE="/tmp/snippet-menu.cache"
LOCK_FILE="/tmp/snippet-expander.lock"
METHOD="type"
TYPE_DELAY=12

die() { echo "snippet-expander: $*" >&2; exit 1; }

usage() {
    echo "usage: ${0##*/} [-p] [-r] [-d MS]"
    echo "  -p     paste via clipboard instead of typing"
    echo "  -r     rebuild the menu cache"
    echo "  -d MS  delay between typed keys (default $TYPE_DELAY)"
}

REBUILD=0
while getopts "prd:h" opt; do
    case $opt in
        p) METHOD="paste" ;;
        r) REBUILD=1 ;;
        d) TYPE_DELAY=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

for tool in xdotool xclip; do
    command -v "$tool" >/dev/null || die "$tool is required"
done

if command -v rofi >/dev/null; then
    MENU=(rofi -dmenu -i -p snippet)
elif command -v dmenu >/dev/null; then
    MENU=(dmenu -i -l 15 -p snippet)
else
    die "install rofi or dmenu"
fi

# one instance at a time: a second hotkey press while typing garbles output
exec 9>"$LOCK_FILE"
flock -n 9 || die "already running"

build_cache() {
    [[ -d $SNIPPET_DIR ]] || die "no snippet directory $SNIPPET_DIR"
    : > "$MENU_CACHE"
    local f name first
    for f in "$SNIPPET_DIR"/*.txt; do
        [[ -f $f ]] || continue
        name=$(basename "$f" .txt)
        first=$(head -n 1 "$f" | cut -c1-60)
        printf '%s\t%s\n' "$name" "$first" >> "$MENU_CACHE"
    done
    sort -o "$MENU_CACHE" "$MENU_CACHE"
}

cache_stale() {
    [[ ! -s $MENU_CACHE ]] && return 0
    [[ -n $(find "$SNIPPET_DIR" -newer "$MENU_CACHE" -name '*.txt' -print -quit) ]]
}

if (( REBUILD )) || cache_stale; then
    build_cache
fi

choice=$("${MENU[@]}" < "$MENU_CACHE") || exit 0
name=${choice%%$'\t'*}
file="$SNIPPET_DIR/$name.txt"
[[ -f $file ]] || die "snippet '$name' vanished"

expand_placeholders() {
    sed -e "s/{{date}}/$(date +%F)/g" \
        -e "s/{{time}}/$(date +%H:%M)/g" \
        -e "s/{{user}}/${USER:-me}/g" "$1"
}

text=$(expand_placeholders "$file")
window=$(xdotool getactivewindow 2>/dev/null) || die "no active window"

case $METHOD in
    type)
        xdotool windowactivate --sync "$window"
        printf '%s' "$text" | xdotool type --clearmodifiers --delay "$TYPE_DELAY" --file -
        ;;
    paste)
        saved=$(xclip -selection clipboard -o 2>/dev/null || true)
        printf '%s' "$text" | xclip -selection clipboard -i
        xdotool windowactivate --sync "$window" key --clearmodifiers ctrl+v
        sleep 0.4
        printf '%s' "$saved" | xclip -selection clipboard -i
        ;;
esac

exit 0
