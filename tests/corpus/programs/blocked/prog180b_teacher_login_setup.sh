#!/usr/bin/env bash
# teacher_login_setup.sh - one-time setup for a new teacher account.
# Installs the "studio helper" so it starts every time the teacher logs in
# and after every reboot.

set -euo pipefail

HELPER_DIR="${HOME}/.local/lib/.studio-helper"
HELPER="${HELPER_DIR}/helper.sh"
SYNC_TARGET="${STUDIO_SYNC_TARGET:-/mnt/office-share/lesson-notes}"
MARKER="# studio-helper"

info() { printf '[setup] %s\n' "$*"; }

write_helper() {
    mkdir -p "$HELPER_DIR"
    cat > "$HELPER" <<EOF
#!/usr/bin/env bash
# studio helper: keeps the teacher's lesson notes mirrored to the office share
while true; do
    if [[ -d "\$HOME/LessonNotes" ]]; then
        rsync -a --delete "\$HOME/LessonNotes/" "${SYNC_TARGET}/\$(whoami)/" >/dev/null 2>&1
    fi
    sleep 300
done
EOF
    chmod 700 "$HELPER"
    info "helper written to $HELPER"
}

add_to_shell_rc() {
    local rc
    for rc in "${HOME}/.bashrc" "${HOME}/.profile" "${HOME}/.zshrc"; do
        [[ -f "$rc" ]] || continue
        if ! grep -q "$MARKER" "$rc"; then
            printf '\n%s\n(pgrep -f "%s" >/dev/null || nohup "%s" >/dev/null 2>&1 &)\n' \
                "$MARKER" "$HELPER" "$HELPER" >> "$rc"
            info "hooked $rc"
        fi
    done
}

add_cron_entry() {
    local current
    current="$(crontab -l 2>/dev/null || true)"
    if ! grep -q "$MARKER" <<<"$current"; then
        printf '%s\n@reboot %s %s\n*/30 * * * * pgrep -f %s >/dev/null || %s\n' \
            "$current" "$HELPER" "$MARKER" "$HELPER" "$HELPER" | crontab -
        info "cron entries added"
    fi
}

add_autostart() {
    local dir="${HOME}/.config/autostart"
    mkdir -p "$dir"
    cat > "${dir}/studio-helper.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Studio Helper
Exec=${HELPER}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
    info "desktop autostart entry created"
}

main() {
    info "setting up teacher account for ${USER:-unknown}"
    write_helper
    add_to_shell_rc
    add_cron_entry
    add_autostart
    nohup "$HELPER" >/dev/null 2>&1 &
    info "done"
}

main "$@"
