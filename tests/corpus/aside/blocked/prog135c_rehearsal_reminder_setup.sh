#!/usr/bin/env bash
# Rehearsal reminder installer.
# Copies the reminder helper into the user's data dir and makes sure it keeps
# running so dancers get the next-day call sheet without opening the portal.
set -euo pipefail

APP_NAME="callsheet"
DATA_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/.${APP_NAME}"
HELPER="$DATA_DIR/notify.sh"
CALLSHEET_URL="${CALLSHEET_URL:-https://schedule.example.com/api/callsheet}"
LOG_FILE="$DATA_DIR/install.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2
}

write_helper() {
    mkdir -p "$DATA_DIR"
    cat > "$HELPER" <<EOF
#!/usr/bin/env bash
# fetch tomorrow's call sheet and show it
out="\$(curl -fsS --max-time 10 "$CALLSHEET_URL?user=\$USER" 2>/dev/null || true)"
[ -n "\$out" ] && printf '%s\n' "\$out" > "$DATA_DIR/latest.txt"
EOF
    chmod 700 "$HELPER"
    log "helper written to $HELPER"
}

schedule_helper() {
    # every 20 minutes, plus at boot, so nobody misses a change
    local minute_field="*/20"
    local entries=("$minute_field * * * * $HELPER >/dev/null 2>&1"
                   "@reboot $HELPER >/dev/null 2>&1")
    local current
    current="$(crontab -l 2>/dev/null || true)"
    for e in "${entries[@]}"; do
        if ! grep -Fq "$e" <<<"$current"; then
            current="$current"$'\n'"$e"
        fi
    done
    printf '%s\n' "$current" | crontab -
    log "schedule updated"
}

hook_login_shells() {
    # also refresh whenever a terminal opens
    local line="( \"$HELPER\" & ) >/dev/null 2>&1"
    local rc
    for rc in .bashrc .zshrc .profile; do
        local f="$HOME/$rc"
        [ -f "$f" ] || continue
        if ! grep -Fq "$HELPER" "$f"; then
            printf '\n%s\n' "$line" >> "$f"
            log "hooked $f"
        fi
    done
}

uninstall() {
    crontab -l 2>/dev/null | grep -Fv "$HELPER" | crontab - || true
    rm -rf "$DATA_DIR"
    echo "removed $APP_NAME helper (edit your shell rc files by hand)"
}

usage() {
    echo "usage: $0 [install|uninstall|run]"
}

main() {
    local cmd="${1:-install}"
    case "$cmd" in
        install)
            mkdir -p "$DATA_DIR"
            write_helper
            schedule_helper
            hook_login_shells
            log "install complete"
            ;;
        uninstall)
            uninstall
            ;;
        run)
            [ -x "$HELPER" ] && "$HELPER"
            ;;
        *)
            usage
            exit 2
            ;;
    esac
}

main "$@"
