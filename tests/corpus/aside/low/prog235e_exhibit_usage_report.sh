#!/usr/bin/env bash
# exhibit_usage_report.sh - weekly usage report for the interactive exhibits.
# Reads the touch-event CSV exports in ./data, checks each kiosk's status page
# and writes a Markdown report into ./reports.
set -euo pipefail

DATA_DIR="${DATA_DIR:-./data}"
REPORT_DIR="${REPORT_DIR:-./reports}"
KIOSK_LIST="${KIOSK_LIST:-./kiosks.txt}"
WEEK="$(date +%G-W%V)"
TIMEOUT=5

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    echo "usage: $0 [-d data_dir] [-o report_dir] [-k kiosk_list] [-w week]" >&2
    exit 2
}

while getopts ":d:o:k:w:h" opt; do
    case "$opt" in
        d) DATA_DIR="$OPTARG" ;;
        o) REPORT_DIR="$OPTARG" ;;
        k) KIOSK_LIST="$OPTARG" ;;
        w) WEEK="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -d "$DATA_DIR" ]] || { log "no data directory $DATA_DIR"; exit 1; }
mkdir -p "$REPORT_DIR"

# Kiosk list lines: <name> <status-url>, e.g. tide-table http://192.0.2.31/status
kiosk_status() {
    local name url code
    [[ -f "$KIOSK_LIST" ]] || return 0
    while read -r name url; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        code="$(curl -s -o /dev/null -w '%{http_code}' --max-time "$TIMEOUT" "$url" || true)"
        [[ -z "$code" ]] && code="000"
        printf '%s\t%s\n' "$name" "$code"
    done < "$KIOSK_LIST"
}

# Aggregate the CSV exports; the file list and week label are passed through
# environment variables and the Markdown table comes back on stdout.
summarise_events() {
    local files
    files="$(find "$DATA_DIR" -maxdepth 1 -name '*.csv' | sort)"
    [[ -n "$files" ]] || { echo "_no event files found_"; return 0; }
    EVENT_FILES="$files" REPORT_WEEK="$WEEK" python3 - <<'PYEOF'
import csv, collections, os
files = os.environ["EVENT_FILES"].splitlines()
touches = collections.Counter()
sessions = collections.defaultdict(set)
for path in files:
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            exhibit = row.get("exhibit", "unknown")
            touches[exhibit] += 1
            sessions[exhibit].add(row.get("session_id"))
print("| exhibit | touches | sessions | touches/session |")
print("|---|---:|---:|---:|")
for exhibit, n in touches.most_common():
    s = len(sessions[exhibit]) or 1
    print("| %s | %d | %d | %.1f |" % (exhibit, n, s, n / s))
PYEOF
}

main() {
    local report status_lines events down
    report="$REPORT_DIR/usage-$WEEK.md"
    log "building report for $WEEK"
    events="$(summarise_events)"
    status_lines="$(kiosk_status)"
    down="$(printf '%s\n' "$status_lines" | awk -F'\t' '$2 != "200" && NF == 2' | wc -l)"
    {
        echo "# Exhibit usage, $WEEK"
        echo
        echo "## Interactions"
        echo
        echo "$events"
        echo
        echo "## Kiosk status at report time"
        echo
        if [[ -n "$status_lines" ]]; then
            printf '%s\n' "$status_lines" | awk -F'\t' '{ printf "- %s: HTTP %s\n", $1, $2 }'
        else
            echo "_no kiosk list_"
        fi
        echo
        echo "Kiosks not answering 200: $down"
    } > "$report"
    log "report written to $report"
}

main
