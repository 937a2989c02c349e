#!/usr/bin/env bash
# overdue_report.sh - weekly overdue-items report for the circulation desk.
#
# Reads the loans export (loans.csv) from the working directory, counts
# overdue items per branch and per age band, and writes a plain-text
# report into ./reports. Optionally checks that the catalogue is up so the
# report can say whether patrons could renew online.
set -euo pipefail

LOANS_CSV="./loans.csv"
REPORT_DIR="./reports"
GRACE_DAYS=0
CHECK_CATALOGUE=1
CATALOGUE_URL="https://catalogue.example.org/"

usage() {
    cat <<EOF
usage: $0 [-f loans.csv] [-g grace_days] [-o report_dir] [-N]
  -N   do not check whether the online catalogue is reachable
EOF
}

while getopts ":f:g:o:Nh" opt; do
    case "$opt" in
        f) LOANS_CSV="$OPTARG" ;;
        g) GRACE_DAYS="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        N) CHECK_CATALOGUE=0 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "[overdue] $*" >&2; }

[ -f "$LOANS_CSV" ] || { log "missing $LOANS_CSV"; exit 1; }
case "$GRACE_DAYS" in ''|*[!0-9]*) log "grace days must be a number"; exit 2 ;; esac

catalogue_status() {
    if [ "$CHECK_CATALOGUE" -eq 0 ]; then
        echo "not checked"
        return
    fi
    local code
    code="$(curl -s -o /dev/null -I -w '%{http_code}' --max-time 10 "$CATALOGUE_URL" || echo 000)"
    case "$code" in
        2*|3*) echo "online (HTTP $code)" ;;
        *) echo "unreachable (HTTP $code)" ;;
    esac
}

# The counting is done in python; inputs come in through the environment.
summarise() {
    OD_CSV="$LOANS_CSV" OD_GRACE="$GRACE_DAYS" OD_TODAY="$(date +%F)" python3 - <<'PY'
import csv, datetime, os, collections
today = datetime.date.fromisoformat(os.environ["OD_TODAY"])
grace = datetime.timedelta(days=int(os.environ["OD_GRACE"]))
bands = [(7, "1-7 days"), (28, "8-28 days"), (10**6, "over 28 days")]
per_branch = collections.Counter()
per_band = collections.Counter()
bad = 0
with open(os.environ["OD_CSV"], newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        try:
            due = datetime.date.fromisoformat(row["due_date"])
        except (KeyError, ValueError):
            bad += 1
            continue
        late = (today - due - grace).days
        if late <= 0 or row.get("returned"):
            continue
        per_branch[row.get("branch", "unknown")] += 1
        per_band[next(label for limit, label in bands if late <= limit)] += 1
print("Overdue items by branch")
for branch, n in per_branch.most_common():
    print(f"  {branch:<20} {n:>5}")
print("Overdue items by age")
for _, label in bands:
    print(f"  {label:<20} {per_band[label]:>5}")
print(f"Total overdue: {sum(per_branch.values())}  (unreadable rows: {bad})")
PY
}

main() {
    mkdir -p "$REPORT_DIR"
    local out="$REPORT_DIR/overdue-$(date +%F).txt"
    {
        echo "Overdue report - $(date '+%A %d %B %Y')"
        echo "Source: $LOANS_CSV ($(($(wc -l <"$LOANS_CSV") - 1)) loans), grace ${GRACE_DAYS}d"
        echo "Online catalogue: $(catalogue_status)"
        echo
        summarise
    } >"$out"
    log "report written to $out"
    tail -n 1 "$out"
}

main
