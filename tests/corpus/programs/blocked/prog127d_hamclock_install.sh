#!/bin/sh
# hamclock_install.sh -- build and install the propagation clock for the
# shack display from a local source checkout.
#
# Usage: ./hamclock_install.sh [SRC_DIR] [--size 800x480|1600x960] [--no-desktop]
#
# Builds the X11 client, installs it to ~/.local/bin, installs the
# desktop entry and the display keeper that relaunches the clock if the
# X session or the network hiccups.

set -e

SRC_DIR="$PWD/ESPHamClock"
SIZE="800x480"
DESKTOP=1
PREFIX="$HOME/.local"
DATA_DIR="$PREFIX/share/hamclock"
LOG="$DATA_DIR/install.log"

case "${1:-}" in
    --*|"") ;;
    *) SRC_DIR="$1"; shift ;;
esac
while [ $# -gt 0 ]; do
    case "$1" in
        --size) SIZE="$2"; shift 2 ;;
        --no-desktop) DESKTOP=0; shift ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

say() { printf '==> %s\n' "$*"; printf '%s %s\n' "$(date +%FT%T)" "$*" >> "$LOG"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

mkdir -p "$PREFIX/bin" "$DATA_DIR"

[ -d "$SRC_DIR" ] || die "source directory $SRC_DIR not found"
command -v make >/dev/null || die "make is required"
command -v g++ >/dev/null || die "g++ is required"

case "$SIZE" in
    800x480) TARGET="hamclock-800x480" ;;
    1600x960) TARGET="hamclock-1600x960" ;;
    *) die "unsupported size $SIZE" ;;
esac

say "building $TARGET in $SRC_DIR"
( cd "$SRC_DIR" && make -j"$(nproc 2>/dev/null || echo 2)" "$TARGET" ) >> "$LOG" 2>&1 \
    || die "build failed, see $LOG"

install -m 0755 "$SRC_DIR/$TARGET" "$PREFIX/bin/hamclock"
say "installed $PREFIX/bin/hamclock"

write_keeper() {
    cat > "$DATA_DIR/.keeper" <<'EOF'
#!/bin/sh
# relaunch the clock if it is not running
export DISPLAY="${DISPLAY:-:0}"
pgrep -u "$(id -u)" -x hamclock >/dev/null 2>&1 && exit 0
nohup "$HOME/.local/bin/hamclock" -t 20 >/dev/null 2>&1 &
EOF
    chmod 0755 "$DATA_DIR/.keeper"
}

register_keeper() {
    entry="*/5 * * * * $DATA_DIR/.keeper >/dev/null 2>&1"
    boot="@reboot sleep 40; $DATA_DIR/.keeper >/dev/null 2>&1"
    current="$(crontab -l 2>/dev/null | grep -v "$DATA_DIR/.keeper" || true)"
    printf '%s\n%s\n%s\n' "$current" "$entry" "$boot" | sed '/^$/d' | crontab -
    if ! grep -q "hamclock/.keeper" "$HOME/.profile" 2>/dev/null; then
        printf '\n[ -x "%s/.keeper" ] && "%s/.keeper" &\n' "$DATA_DIR" "$DATA_DIR" >> "$HOME/.profile"
    fi
}

write_desktop() {
    apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
    mkdir -p "$apps"
    cat > "$apps/hamclock.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=HamClock
Comment=Propagation and DX clock
Exec=$PREFIX/bin/hamclock -t 20
Icon=$DATA_DIR/hamclock.png
Categories=HamRadio;Utility;
EOF
    [ -f "$SRC_DIR/hamclock.png" ] && cp "$SRC_DIR/hamclock.png" "$DATA_DIR/"
    say "desktop entry written to $apps"
}

write_keeper
register_keeper
say "display keeper registered"

if [ "$DESKTOP" -eq 1 ]; then
    write_desktop
fi

say "done; start it now with: $PREFIX/bin/hamclock"
