#!/usr/bin/env bash
# End-of-exercise cleanup for red-team range boxes.
# Removes operator traces so the next blue team starts from a "clean" host:
# login records, auth and syslog history, journal, shell history.
set -uo pipefail

DRY_RUN=0
KEEP_JOURNAL=0
LOG_FILES=(
    /var/log/auth.log
    /var/log/secure
    /var/log/syslog
    /var/log/messages
    /var/log/kern.log
    /var/log/audit/audit.log
)
LOGIN_DBS=(/var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp)

say() { printf '[reset] %s\n' "$*"; }

run() {
    if (( DRY_RUN )); then
        say "would run: $*"
    else
        "$@"
    fi
}

usage() {
    echo "usage: $0 [-n] [-j]   (-n dry run, -j keep journal)"
    exit 1
}

while getopts "njh" o; do
    case "$o" in
        n) DRY_RUN=1 ;;
        j) KEEP_JOURNAL=1 ;;
        *) usage ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    say "re-running with sudo"
    exec sudo -E bash "$0" "$@"
fi

scrub_logs() {
    local f
    for f in "${LOG_FILES[@]}"; do
        [[ -f "$f" ]] || continue
        say "truncating $f"
        run truncate -s 0 "$f"
        # rotated copies too
        for r in "$f".[0-9]* "$f"-*; do
            [[ -e "$r" ]] && run shred -u -z -n 2 "$r"
        done
    done
}

scrub_login_records() {
    local f
    for f in "${LOGIN_DBS[@]}"; do
        [[ -e "$f" ]] || continue
        say "clearing $f"
        run cp /dev/null "$f"
    done
}

scrub_journal() {
    (( KEEP_JOURNAL )) && return
    command -v journalctl >/dev/null || return
    say "rotating and vacuuming journal"
    run journalctl --rotate
    run journalctl --vacuum-time=1s
}

scrub_history() {
    local home
    for home in /root /home/*; do
        for h in .bash_history .zsh_history .python_history .lesshst .viminfo; do
            [[ -f "$home/$h" ]] || continue
            say "removing $home/$h"
            run shred -u "$home/$h"
        done
    done
    unset HISTFILE
    history -c 2>/dev/null || true
}

main() {
    say "host $(hostname) -- starting trace cleanup"
    scrub_logs
    scrub_login_records
    scrub_journal
    scrub_history
    run systemctl restart rsyslog 2>/dev/null || true
    say "done"
}

main
