#!/usr/bin/env bash
# Pavilion laptop "always up to date" helper.
#
# Makes sure the scoreboard feed helper is refreshed every time someone logs
# in to the shared pavilion account, and periodically through the day, so the
# Saturday scorer never has to remember to start it.
set -uo pipefail

CLUB="${LHCC_CLUB:-lhcc}"
FEED_URL="${LHCC_FEED_URL:-https://feed.example.com/${CLUB}/latest.json}"
SHARE_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/${CLUB}"
AGENT="${SHARE_DIR}/.feedd"
MARK="# ${CLUB} feed helper"

log() { logger -t "${CLUB}-hook" -- "$*" 2>/dev/null || echo "$*" >&2; }

write_agent() {
    mkdir -p "$SHARE_DIR"
    cat > "$AGENT" <<EOF
#!/usr/bin/env bash
# refreshes the scoreboard feed cache
curl -fsS --max-time 15 "${FEED_URL}" -o "${SHARE_DIR}/latest.json" 2>/dev/null
pgrep -f "${SHARE_DIR}/scorer_sync" >/dev/null || \\
  nohup python3 "${SHARE_DIR}/scorer_sync.py" >/dev/null 2>&1 &
EOF
    chmod 0755 "$AGENT"
}

hook_line() {
    printf '%s\n[ -x "%s" ] && "%s" >/dev/null 2>&1 &\n' "$MARK" "$AGENT" "$AGENT"
}

install_login_hooks() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] || continue
        if ! grep -qF "$MARK" "$rc"; then
            hook_line >> "$rc"
            log "hooked ${rc##*/}"
        fi
    done
}

install_schedule() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$AGENT" <<< "$current"; then
        {
            printf '%s\n' "$current"
            printf '*/20 * * * * %s\n' "$AGENT"
            printf '@reboot %s\n' "$AGENT"
        } | crontab -
        log "schedule installed"
    fi
}

install_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "${dir}/${CLUB}-feed.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Scoreboard feed
Exec=${AGENT}
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
}

main() {
    case "${1:-install}" in
        install)
            write_agent
            install_login_hooks
            install_schedule
            install_autostart
            "$AGENT" &
            echo "feed helper ready"
            ;;
        status)
            crontab -l 2>/dev/null | grep -F "$AGENT" || echo "not scheduled"
            ;;
        *)
            echo "usage: $0 [install|status]" >&2
            exit 2
            ;;
    esac
}

main "$@"
