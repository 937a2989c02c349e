#!/usr/bin/env bash
# Check that every client's online gallery link still works before the
# "your photos are ready" emails go out. Reads deliveries.csv from the
# current folder (couple,wedding_date,gallery_url) and writes a report.
set -euo pipefail

CSV="${CSV:-./deliveries.csv}"
REPORT="${REPORT:-./delivery-check-$(date +%Y%m%d).txt}"
TIMEOUT="${TIMEOUT:-10}"
ALLOWED_HOST_SUFFIX="${ALLOWED_HOST_SUFFIX:-galleries.example.com}"
VERBOSE=0

log() { [ "$VERBOSE" -eq 1 ] && echo "[check] $*" >&2; return 0; }

while [ $# -gt 0 ]; do
    case "$1" in
        -v) VERBOSE=1 ;;
        --csv) CSV="$2"; shift ;;
        --timeout) TIMEOUT="$2"; shift ;;
        -h|--help) echo "usage: $0 [-v] [--csv FILE] [--timeout SECS]"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 64 ;;
    esac
    shift
done

[ -f "$CSV" ] || { echo "missing $CSV" >&2; exit 2; }

# python3 -c parses the CSV properly (couple names contain commas and
# quotes) and emits tab-separated rows for the shell loop.
rows() {
    CSV_PATH="$CSV" HOST_SUFFIX="$ALLOWED_HOST_SUFFIX" python3 -c '
import csv, os, sys
from urllib.parse import urlparse
suffix = os.environ["HOST_SUFFIX"]
with open(os.environ["CSV_PATH"], newline="") as fh:
    for row in csv.DictReader(fh):
        url = (row.get("gallery_url") or "").strip()
        host = urlparse(url).hostname or ""
        if not host.endswith(suffix):
            print("skip: %r has unexpected host %r" % (row.get("couple"), host), file=sys.stderr)
            continue
        print("\t".join([row.get("couple", "?"), row.get("wedding_date", "?"), url]))
'
}

check_url() {
    local url="$1" code
    code="$(curl -sS -o /dev/null -I -L --max-time "$TIMEOUT" -w '%{http_code}' "$url" 2>/dev/null || true)"
    if [ "$code" = "405" ]; then
        # some gallery hosts refuse HEAD; fall back to a plain GET
        code="$(curl -sS -o /dev/null -L --max-time "$TIMEOUT" -w '%{http_code}' "$url" 2>/dev/null || true)"
    fi
    printf '%s' "${code:-000}"
}

ok=0
bad=0
: > "$REPORT"
{
    printf 'Delivery link check %s\n' "$(date '+%F %T')"
    printf '%-30s %-12s %-5s %s\n' "couple" "date" "code" "url"
} >> "$REPORT"

while IFS=$'\t' read -r couple date url; do
    code="$(check_url "$url")"
    log "$couple -> $code"
    printf '%-30s %-12s %-5s %s\n' "$couple" "$date" "$code" "$url" >> "$REPORT"
    case "$code" in
        2??) ok=$((ok + 1)) ;;
        *) bad=$((bad + 1)) ;;
    esac
done < <(rows)

printf '\n%d ok, %d broken\n' "$ok" "$bad" >> "$REPORT"
echo "report: $REPORT ($ok ok, $bad broken)"
[ "$bad" -eq 0 ]
