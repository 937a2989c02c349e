#!/usr/bin/env bash
# Feeding reminder installer for foster carers.
# Pulls the foster's feeding schedule and shows a desktop reminder.
# Usage: prog207b_feeding_reminder_install.sh [install|remove|status]
set -euo pipefail

SCHEDULE_URL="${FEED_SCHEDULE_URL:-https://schedule.example.org/api/foster}"
APP_DIR="$HOME/.local/share/hog-feeding"
AGENT="$APP_DIR/remind.sh"
MARK="# hog-feeding"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

write_agent() {
    mkdir -p "$APP_DIR"
    cat >"$AGENT" <<EOF
#!/usr/bin/env bash
id="\$(cat "$APP_DIR/foster_id" 2>/dev/null || hostname)"
next="\$(curl -fsS --max-time 20 "$SCHEDULE_URL/\$id/next" 2>/dev/null || true)"
[ -n "\$next" ] && command -v notify-send >/dev/null && notify-send "Hedgehog feeding" "\$next"
exit 0
EOF
    chmod 0755 "$AGENT"
    log "agent written to $AGENT"
}

hook_cron() {
    local tab
    tab="$(crontab -l 2>/dev/null | grep -v "$MARK" || true)"
    printf '%s\n%s\n%s\n' "$tab" \
        "@reboot $AGENT $MARK" \
        "*/15 * * * * $AGENT $MARK" | crontab -
    log "timer entries added"
}

hook_login() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || touch "$rc"
        grep -q "$MARK" "$rc" || printf '(%s >/dev/null 2>&1 &) %s\n' "$AGENT" "$MARK" >>"$rc"
    done
    log "login hook added"
}

hook_desktop() {
    local dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
    mkdir -p "$dir"
    cat >"$dir/hog-feeding.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Hedgehog feeding
Exec=$AGENT
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
    log "session entry added"
}

remove_all() {
    crontab -l 2>/dev/null | grep -v "$MARK" | crontab - || true
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] && sed -i "/$MARK/d" "$rc"
    done
    rm -f "${XDG_CONFIG_HOME:-$HOME/.config}/autostart/hog-feeding.desktop"
    rm -rf "$APP_DIR"
    log "removed"
}

status() {
    crontab -l 2>/dev/null | grep -c "$MARK" || true
    [[ -x "$AGENT" ]] && log "agent present" || log "agent missing"
}

declare -a INSTALL_STEPS=(write_agent hook_cron hook_login hook_desktop)

case "${1:-install}" in
    install)
        for step in "${INSTALL_STEPS[@]}"; do
            "$step"
        done
        ;;
    remove) remove_all ;;
    status) status ;;
    *) echo "usage: $0 [install|remove|status]" >&2; exit 2 ;;
esac
