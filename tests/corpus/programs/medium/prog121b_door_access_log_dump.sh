#!/usr/bin/env bash
# door_access_log_dump.sh - export fob/door access events from the door
# controller's SQLite database to daily CSV files for the studio manager.
#
# Usage: door_access_log_dump.sh [-d access.db] [-o exports] [-k days] [--since YYYY-MM-DD]
#
# Config is read from ./door_export.conf if present (shell KEY=value lines).

set -euo pipefail

SELF="$(readlink -f "$0")"
HERE="$(dirname "$SELF")"
CONF="${HERE}/door_export.conf"

DB="${HERE}/access.db"
OUT_DIR="${HERE}/exports"
KEEP_DAYS=90
SINCE=""
QUIET=0
STAGE="/tmp/door_access_export.csv"

[[ -f "$CONF" ]] && . "$CONF"

log() {
    [[ "$QUIET" -eq 1 ]] && return 0
    printf '%s [door-export] %s\n' "$(date '+%F %T')" "$*" >&2
}

die() {
    printf 'error: %s\n' "$*" >&2
    exit 1
}

usage() {
    sed -n '2,8p' "$SELF" | sed 's/^# \{0,1\}//'
    exit 0
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d) DB="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        -k) KEEP_DAYS="$2"; shift 2 ;;
        --since) SINCE="$2"; shift 2 ;;
        --quiet) QUIET=1; shift ;;
        -h|--help) usage ;;
        *) die "unknown argument: $1" ;;
    esac
done

command -v sqlite3 >/dev/null || die "sqlite3 is required"
[[ -r "$DB" ]] || die "cannot read database $DB"
mkdir -p "$OUT_DIR"

last_exported_day() {
    ls -1 "$OUT_DIR"/access_*.csv.gz 2>/dev/null \
        | sed -E 's/.*access_([0-9-]+)\.csv\.gz/\1/' | sort | tail -n1
}

export_range() {
    local from="$1"
    log "querying events since $from"
    sqlite3 -header -csv "$DB" >"$STAGE" <<SQL
SELECT e.ts AS timestamp,
       d.name AS door,
       COALESCE(m.member_no, 'unknown') AS member_no,
       COALESCE(m.display_name, '') AS member,
       e.result AS result
FROM events e
JOIN doors d ON d.id = e.door_id
LEFT JOIN members m ON m.fob_id = e.fob_id
WHERE date(e.ts) >= date('$from') AND date(e.ts) < date('now')
ORDER BY e.ts;
SQL
}

split_by_day() {
    local header day
    header="$(head -n1 "$STAGE")"
    tail -n +2 "$STAGE" | cut -c1-10 | sort -u | while read -r day; do
        [[ -z "$day" ]] && continue
        {
            echo "$header"
            grep -E "^\"?${day}" "$STAGE" || true
        } | gzip -9 >"$OUT_DIR/access_${day}.csv.gz"
        log "wrote access_${day}.csv.gz"
    done
}

prune_old() {
    find "$OUT_DIR" -maxdepth 1 -name 'access_*.csv.gz' -mtime +"$KEEP_DAYS" -print -delete \
        | while read -r f; do log "pruned $(basename "$f")"; done
}

main() {
    local from
    if [[ -n "$SINCE" ]]; then
        from="$SINCE"
    else
        from="$(last_exported_day)"
        from="${from:-$(date -d '-7 days' +%F)}"
    fi
    export_range "$from"
    if [[ "$(wc -l <"$STAGE")" -le 1 ]]; then
        log "no new events"
    else
        split_by_day
    fi
    rm -f "$STAGE"
    prune_old
}

main
