#!/usr/bin/env bash
# Set up the vendor contract tracker in ./vendor-tracker
#
# Creates the folder layout and SQLite database, imports vendors.csv if one
# is lying next to this script and writes the payment reminder script the
# planner runs before each weekly catch-up.
#
#   ./prog88e_vendor_tracker_setup.sh [--prefix DIR] [--vendors FILE] [--force]

set -eu

PREFIX="$(pwd)/vendor-tracker"
VENDORS_CSV="./vendors.csv"
FORCE=0
REMIND_DAYS=14

usage() { sed -n '2,8p' "$0"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix)  PREFIX="$2"; shift 2 ;;
        --vendors) VENDORS_CSV="$2"; shift 2 ;;
        --days)    REMIND_DAYS="$2"; shift 2 ;;
        --force)   FORCE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "unknown argument: $1" >&2; usage; exit 2 ;;
    esac
done

DB="$PREFIX/db/tracker.sqlite3"
say() { printf '==> %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

command -v sqlite3 >/dev/null || die "sqlite3 is required (apt install sqlite3 / brew install sqlite)"

make_layout() {
    if [ -d "$PREFIX" ] && [ "$FORCE" -ne 1 ]; then
        say "$PREFIX already exists, keeping data (use --force to re-create the schema)"
    fi
    mkdir -p "$PREFIX"/contracts "$PREFIX"/db "$PREFIX"/logs
    cat >"$PREFIX/tracker.ini" <<EOF
[tracker]
database = $DB
contracts_dir = $PREFIX/contracts
remind_days = $REMIND_DAYS
currency = USD
EOF
}

init_db() {
    [ "$FORCE" -eq 1 ] && rm -f "$DB"
    sqlite3 "$DB" <<'SQL'
CREATE TABLE IF NOT EXISTS vendors (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    category TEXT,
    contact TEXT,
    phone TEXT,
    email TEXT
);
CREATE TABLE IF NOT EXISTS contracts (
    id INTEGER PRIMARY KEY,
    vendor_id INTEGER REFERENCES vendors(id),
    signed_on TEXT,
    total_cents INTEGER,
    file TEXT
);
CREATE TABLE IF NOT EXISTS payments (
    id INTEGER PRIMARY KEY,
    contract_id INTEGER REFERENCES contracts(id),
    due_on TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    paid_on TEXT
);
SQL
    say "database ready at $DB"
}

import_vendors() {
    [ -f "$VENDORS_CSV" ] || { say "no $VENDORS_CSV, skipping import"; return 0; }
    sqlite3 "$DB" <<SQL
.mode csv
.import --skip 1 '$VENDORS_CSV' vendors_stage
INSERT OR IGNORE INTO vendors(name, category, contact, phone, email)
    SELECT * FROM vendors_stage;
DROP TABLE vendors_stage;
SQL
    say "imported $(sqlite3 "$DB" 'SELECT count(*) FROM vendors;') vendor(s)"
}

write_reminder_script() {
    cat >"$PREFIX/run_reminders.sh" <<EOF
#!/bin/sh
# print unpaid instalments due in the next $REMIND_DAYS days
sqlite3 -column -header "$DB" "
  SELECT v.name AS vendor, p.due_on, printf('%.2f', p.amount_cents/100.0) AS amount
  FROM payments p JOIN contracts c ON c.id = p.contract_id
                  JOIN vendors v ON v.id = c.vendor_id
  WHERE p.paid_on IS NULL AND p.due_on <= date('now', '+$REMIND_DAYS days')
  ORDER BY p.due_on;" | tee -a "$PREFIX/logs/reminders.log"
EOF
    chmod 0755 "$PREFIX/run_reminders.sh"
}

make_layout
init_db
import_vendors
write_reminder_script
say "done. Drop signed contracts into $PREFIX/contracts/"
say "run $PREFIX/run_reminders.sh to see payments due in the next $REMIND_DAYS days"
