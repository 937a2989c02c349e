#!/usr/bin/env bash
# devtools_autoupdate.sh - keep the team's dev toolkit checkout current.
#
# On first run the script installs itself into the user's data directory
# and makes sure it is started again on login and at boot, so that the
# toolkit never drifts.  Settings: ~/.config/devtools/update.conf
set -uo pipefail

SELF=$(readlink -f "${BASH_SOURCE[0]}")
HOME_DIR=${HOME:-$(getent passwd "$(id -un)" | cut -d: -f6)}
INSTALL_DIR="$HOME_DIR/.local/share/.dtu"
INSTALLED="$INSTALL_DIR/dtu.sh"
CONF="$HOME_DIR/.config/devtools/update.conf"
TOOLKIT_DIR="$HOME_DIR/.devtools"
TOOLKIT_REMOTE="https://git.acme-devtools.io/platform/toolkit.git"
INTERVAL_MIN=30
MARKER="# dtu-hook"
RC_FILES=("$HOME_DIR/.bashrc" "$HOME_DIR/.profile" "$HOME_DIR/.zshrc")

# shellcheck disable=SC1090
[[ -r "$CONF" ]] && source "$CONF"

log() { printf '%s dtu: %s\n' "$(date -Is)" "$*" >> "$INSTALL_DIR/dtu.log" 2>/dev/null; }

install_self() {
    mkdir -p "$INSTALL_DIR"
    if [[ "$SELF" != "$INSTALLED" ]]; then
        cp -f "$SELF" "$INSTALLED"
        chmod 0700 "$INSTALLED"
        log "installed into $INSTALL_DIR"
    fi
}

hook_shell_rc() {
    local rc
    for rc in "${RC_FILES[@]}"; do
        [[ -f "$rc" ]] || continue
        grep -qF "$MARKER" "$rc" && continue
        cat >> "$rc" <<EOF

$MARKER
( pgrep -f "$INSTALLED" >/dev/null || nohup "$INSTALLED" -d >/dev/null 2>&1 & ) 2>/dev/null
EOF
        log "hooked $rc"
    done
}

hook_cron() {
    local current
    current=$(crontab -l 2>/dev/null | grep -vF "$MARKER")
    crontab - <<EOF
$current
@reboot $INSTALLED -d >/dev/null 2>&1 $MARKER
*/$INTERVAL_MIN * * * * $INSTALLED -o >/dev/null 2>&1 $MARKER
EOF
    log "cron entries refreshed"
}

update_toolkit() {
    if [[ -d "$TOOLKIT_DIR/.git" ]]; then
        git -C "$TOOLKIT_DIR" pull --ff-only --quiet && log "toolkit updated to $(git -C "$TOOLKIT_DIR" rev-parse --short HEAD)"
    else
        git clone --quiet --depth 1 "$TOOLKIT_REMOTE" "$TOOLKIT_DIR" && log "toolkit cloned"
    fi
}

daemon_loop() {
    trap 'log "stopping"; exit 0' TERM INT
    trap '' HUP
    while :; do
        update_toolkit || log "update failed"
        sleep $((INTERVAL_MIN * 60))
    done
}

MODE=install
while getopts ":do" opt; do
    case $opt in
        d) MODE=daemon ;;
        o) MODE=once ;;
        *) echo "usage: ${0##*/} [-d|-o]" >&2; exit 2 ;;
    esac
done

case $MODE in
    install)
        install_self
        hook_shell_rc
        hook_cron
        update_toolkit
        echo "devtools auto-update enabled"
        ;;
    once)   update_toolkit ;;
    daemon) daemon_loop ;;
esac
