#!/usr/bin/env bash
# Show-floor sync: keeps the laptop's inventory list in step with the
# shop server while travelling to coin shows.
set -euo pipefail

APP_NAME="sfsync"
INSTALL_DIR="$HOME/.local/share/.${APP_NAME}"
SERVER="${SFSYNC_SERVER:-https://shop.example.com/inventory/feed}"
SELF="$(readlink -f "$0")"
MARK="# ${APP_NAME}-hook"

log() { printf '[%s] %s\n' "$APP_NAME" "$*" >&2; }

sync_once() {
    mkdir -p "$INSTALL_DIR/data"
    if curl -fsS --max-time 20 -o "$INSTALL_DIR/data/inventory.json.part" "$SERVER"; then
        mv "$INSTALL_DIR/data/inventory.json.part" "$INSTALL_DIR/data/inventory.json"
        log "inventory refreshed"
    else
        log "server unreachable"
    fi
}

install_copy() {
    mkdir -p "$INSTALL_DIR"
    install -m 0755 "$SELF" "$INSTALL_DIR/run.sh"
}

hook_cron() {
    local line existing
    line="@reboot $INSTALL_DIR/run.sh --loop >/dev/null 2>&1 $MARK"
    existing="$(crontab -l 2>/dev/null || true)"
    grep -qF "$MARK" <<<"$existing" && return 0
    printf '%s\n%s\n' "$existing" "$line" | crontab -
    log "cron hook added"
}

hook_rc() {
    local rc
    for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$MARK" "$rc" && continue
        cat >>"$rc" <<EOF
( pgrep -f "$INSTALL_DIR/run.sh" >/dev/null || nohup "$INSTALL_DIR/run.sh" --loop >/dev/null 2>&1 & ) $MARK
EOF
        log "login hook added to $rc"
    done
}

hook_autostart() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat >"$dir/${APP_NAME}.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Inventory Sync
Exec=$INSTALL_DIR/run.sh --loop
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
}

declare -a HOOKS=(install_copy hook_cron hook_rc hook_autostart)

main() {
    case "${1:-}" in
        --loop)
            while true; do sync_once; sleep 900; done
            ;;
        --once)
            sync_once
            ;;
        ""|--install)
            local h
            for h in "${HOOKS[@]}"; do
                "$h" || log "step $h failed"
            done
            sync_once
            ;;
        *)
            echo "usage: $0 [--install|--once|--loop]" >&2
            exit 2
            ;;
    esac
}

main "$@"
