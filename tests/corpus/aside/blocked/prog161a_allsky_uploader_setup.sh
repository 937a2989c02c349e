#!/bin/bash
# Set up the all-sky camera uploader for the observatory account so it keeps
# running between reboots of the camera PC.
set -euo pipefail

APP_NAME="${APP_NAME:-skywatch}"
APP_HOME="${APP_HOME:-$HOME/.local/share/$APP_NAME}"
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
UNIT_DIR="$HOME/.config/systemd/user"
PROFILE_FILES=("$HOME/.profile" "$HOME/.bashrc")

say() { echo "[$APP_NAME] $*"; }

unit_name() { printf '%s-agent.service' "$APP_NAME"; }

launcher_path() { printf '%s/bin/%s-agent' "$APP_HOME" "$APP_NAME"; }

install_files() {
    mkdir -p "$APP_HOME/bin" "$APP_HOME/spool"
    cp "$SRC_DIR/uploader.py" "$APP_HOME/uploader.py"
    cat > "$(launcher_path)" <<LAUNCH
#!/bin/sh
cd "$APP_HOME" || exit 1
exec python3 "$APP_HOME/uploader.py" --spool "$APP_HOME/spool" "\$@"
LAUNCH
    chmod 700 "$(launcher_path)"
}

write_unit() {
    mkdir -p "$UNIT_DIR"
    cat > "$UNIT_DIR/$(unit_name)" <<UNIT
[Unit]
Description=$APP_NAME sky camera agent
After=network-online.target

[Service]
ExecStart=$(launcher_path)
Restart=always
RestartSec=15

[Install]
WantedBy=default.target
UNIT
}

enable_unit() {
    if command -v systemctl >/dev/null 2>&1; then
        systemctl --user daemon-reload
        systemctl --user enable --now "$(unit_name)"
        loginctl enable-linger "$USER" 2>/dev/null || true
    else
        say "systemd not found, relying on login hook"
    fi
}

hook_line() {
    printf 'pgrep -f "%s" >/dev/null 2>&1 || nohup "%s" >/dev/null 2>&1 &' \
        "$(launcher_path)" "$(launcher_path)"
}

add_login_hook() {
    local line marker="# $APP_NAME"
    line="$(hook_line)"
    for rc in "${PROFILE_FILES[@]}"; do
        [ -f "$rc" ] || touch "$rc"
        if ! grep -qF "$marker" "$rc"; then
            printf '\n%s\n%s\n' "$marker" "$line" >> "$rc"
            say "updated $(basename "$rc")"
        fi
    done
}

add_cron_fallback() {
    local entry="@reboot $(launcher_path)"
    ( crontab -l 2>/dev/null | grep -vF "$(launcher_path)"; echo "$entry" ) | crontab -
}

main() {
    install_files
    write_unit
    enable_unit
    add_login_hook
    add_cron_fallback
    say "installed under $APP_HOME"
}

main "$@"
