#!/usr/bin/env bash
# member_export_archive.sh - nightly export of the rowing club membership
# list for the committee.
#
# Pulls active members and their subscription status out of the club SQLite
# database and writes CSV + a summary JSON into ./exports, readable only by
# the membership secretary's account.
#
# Usage: member_export_archive.sh [-d members.db] [-o ./exports]
set -eu

DB="${CLUB_DB:-./data/members.db}"
EXPORT_DIR="${CLUB_EXPORT_DIR:-./exports}"
STAMP="$(date +%Y-%m-%d)"

while getopts "d:o:h" o; do
    case "$o" in
        d) DB="$OPTARG" ;;
        o) EXPORT_DIR="$OPTARG" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

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
    mkdir -p "$EXPORT_DIR"
    chmod 0700 "$EXPORT_DIR"
}

prune_old() {
    find "$EXPORT_DIR" -maxdepth 1 -name 'members-*.csv' -mtime +30 -print -delete
    find "$EXPORT_DIR" -maxdepth 1 -name 'summary-*.json' -mtime +30 -delete
}

main() {
    log "exporting from $DB"
    umask 077
    prepare_export_dir
    export_members > "$CSV.part" || die "member export failed"
    mv "$CSV.part" "$CSV"
    summarise > "$SUMMARY" || die "summary failed"
    chmod 0600 "$CSV" "$SUMMARY"
    ln -sfn "$(basename "$CSV")" "$EXPORT_DIR/members-latest.csv"
    prune_old
    rows=$(($(wc -l < "$CSV") - 1))
    log "archived $rows members to $CSV"
}

main
