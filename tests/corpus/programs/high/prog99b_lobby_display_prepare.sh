#!/usr/bin/env bash
# lobby_display_prepare.sh - get the waiting-room screen (Pi behind the TV)
# ready to show the "now calling" board straight on the framebuffer, without
# a desktop session.
#
#   lobby_display_prepare.sh [--image board.png] [--brightness 0-255] [--check]
#
# Run as the display user; it asks for sudo where the console needs it.

set -euo pipefail

IMAGE="./display/board.png"
BRIGHTNESS=200
CHECK_ONLY=0
FB="/dev/fb0"
FB_SYS="/sys/class/graphics/fb0"

while [[ $# -gt 0 ]]; do
    case "$1" in
        --image)      IMAGE="$2"; shift 2 ;;
        --brightness) BRIGHTNESS="$2"; shift 2 ;;
        --check)      CHECK_ONLY=1; shift ;;
        -h|--help)    sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 1 ;;
    esac
done

info() { echo "[display] $*"; }
die()  { echo "[display] error: $*" >&2; exit 1; }

[[ -e "$FB" ]] || die "no framebuffer at $FB (is the HDMI cable in?)"

fb_geometry() {
    # prints "width height bpp" for fb0
    python3 -c '
import sys
base = sys.argv[1]
w, h = open(base + "/virtual_size").read().strip().split(",")
bpp = open(base + "/bits_per_pixel").read().strip()
print(w, h, bpp)
' "$FB_SYS"
}

read -r WIDTH HEIGHT BPP < <(fb_geometry)
info "framebuffer ${WIDTH}x${HEIGHT} @ ${BPP}bpp"
[[ "$CHECK_ONLY" -eq 1 ]] && exit 0

console_access() {
    # the board is drawn by the unprivileged display user
    if [[ ! -w "$FB" ]]; then
        sudo chmod 0666 "$FB"
        info "framebuffer opened for $(id -un)"
    fi
    # stop the text console cursor blinking over the board
    echo 0 | sudo tee /sys/class/graphics/fbcon/cursor_blink >/dev/null
    # no console blanking in surgery hours
    if [[ -w /sys/module/kernel/parameters/consoleblank ]] || sudo -n true 2>/dev/null; then
        echo 0 | sudo tee /sys/module/kernel/parameters/consoleblank >/dev/null || true
    fi
}

set_backlight() {
    local bl
    for bl in /sys/class/backlight/*/brightness; do
        [[ -e "$bl" ]] || continue
        echo "$BRIGHTNESS" | sudo tee "$bl" >/dev/null
        info "backlight $(dirname "$bl" | xargs basename) -> $BRIGHTNESS"
    done
}

paint() {
    [[ -f "$IMAGE" ]] || die "board image $IMAGE not found"
    command -v convert >/dev/null || die "ImageMagick 'convert' not installed"
    local depth=bgra
    [[ "$BPP" == 16 ]] && depth=rgb565
    if [[ "$depth" == rgb565 ]]; then
        convert "$IMAGE" -resize "${WIDTH}x${HEIGHT}!" -depth 8 rgb:- | \
            python3 -c '
import sys
src = sys.stdin.buffer.read()
out = bytearray()
for i in range(0, len(src), 3):
    r, g, b = src[i], src[i+1], src[i+2]
    v = ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)
    out += v.to_bytes(2, "little")
sys.stdout.buffer.write(out)
' > "$FB"
    else
        convert "$IMAGE" -resize "${WIDTH}x${HEIGHT}!" -depth 8 bgra:- > "$FB"
    fi
    info "board painted from $IMAGE"
}

console_access
set_backlight
paint
