#!/usr/bin/env bash
# preflight_report.sh - quick preflight summary for the artwork in the
# current job folder: page count, page size, file size and a checksum per
# PDF, written as CSV + JSON into ./reports. Results are cached by MD5 so
# re-running on a large job only inspects new or changed files.
set -euo pipefail

JOB_DIR="${1:-.}"
REPORT_DIR="./reports"
CACHE_DIR="./.preflight_cache"
MAX_PAGES="${MAX_PAGES:-400}"

log() { printf '[preflight] %s\n' "$*" >&2; }

if ! command -v pdfinfo >/dev/null 2>&1; then
    log "pdfinfo (poppler-utils) is required"
    exit 1
fi
if [[ ! -d "$JOB_DIR" ]]; then
    log "job folder $JOB_DIR not found"
    exit 1
fi

mkdir -p "$REPORT_DIR" "$CACHE_DIR"

inspect_pdf() {
    # prints: pages<TAB>page_size
    local f="$1"
    local info pages size
    info="$(pdfinfo "$f" 2>/dev/null || true)"
    pages="$(printf '%s\n' "$info" | awk -F': *' '/^Pages:/ {print $2}')"
    size="$(printf '%s\n' "$info" | awk -F': *' '/^Page size:/ {print $2}')"
    printf '%s\t%s\n' "${pages:-0}" "${size:-unknown}"
}

rows=""
shopt -s nullglob nocaseglob
for pdf in "$JOB_DIR"/*.pdf; do
    sum="$(md5sum "$pdf" | cut -d' ' -f1)"
    cache="$CACHE_DIR/$sum"
    if [[ -f "$cache" ]]; then
        details="$(cat "$cache")"
    else
        details="$(inspect_pdf "$pdf")"
        printf '%s\n' "$details" > "$cache"
    fi
    bytes="$(stat -c %s "$pdf")"
    rows+="$(basename "$pdf")"$'\t'"$bytes"$'\t'"$sum"$'\t'"$details"$'\n'
done
shopt -u nullglob nocaseglob

if [[ -z "$rows" ]]; then
    log "no PDFs in $JOB_DIR"
    exit 0
fi

# Python turns the tab-separated rows (handed over in the environment)
# into the CSV and JSON reports and flags files that need attention.
stamp="$(date +%Y%m%d_%H%M)"
PF_ROWS="$rows" PF_MAX_PAGES="$MAX_PAGES" PF_OUT="$REPORT_DIR/preflight_$stamp" \
python3 - <<'PY'
import csv, json, os

max_pages = int(os.environ["PF_MAX_PAGES"])
out = os.environ["PF_OUT"]
records = []
for line in os.environ["PF_ROWS"].splitlines():
    if not line.strip():
        continue
    name, size, md5, pages, page_size = line.split("\t")
    pages = int(pages or 0)
    notes = []
    if pages == 0:
        notes.append("unreadable")
    elif pages > max_pages:
        notes.append("too many pages")
    if "A4" not in page_size and "letter" not in page_size.lower():
        notes.append("non-standard size")
    records.append({"file": name, "bytes": int(size), "md5": md5,
                    "pages": pages, "page_size": page_size,
                    "notes": "; ".join(notes)})

with open(out + ".csv", "w", newline="") as fh:
    w = csv.DictWriter(fh, fieldnames=list(records[0]))
    w.writeheader()
    w.writerows(records)
with open(out + ".json", "w") as fh:
    json.dump(records, fh, indent=2)

flagged = sum(1 for r in records if r["notes"])
print(f"{len(records)} file(s), {sum(r['pages'] for r in records)} page(s), {flagged} flagged")
PY

# keep the cache small: drop entries not touched for two weeks
find "$CACHE_DIR" -type f -mtime +14 -delete
log "reports written to $REPORT_DIR/preflight_$stamp.{csv,json}"
