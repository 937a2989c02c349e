#!/usr/bin/env bash
# De-identification QA scan for staged research extracts.
#
# Before an extract leaves the warehouse for an IRB-approved study, this scan
# looks for residual identifiers that the de-identification pipeline should
# have removed: MRN-shaped numbers, phone numbers, e-mail addresses and full
# dates of birth.  Patterns are handed to an embedded Python matcher through
# environment variables and each file is streamed to it through a pipe.
# Findings are written to ./qa_reports/<stamp>_findings.tsv.
set -euo pipefail

STAGING_DIR="${STAGING_DIR:-./staging}"
REPORT_DIR="./qa_reports"
WORK_DIR="./qa_work"
MAX_FINDINGS=200
KEEP_WORK=0

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

cleanup() {
    if [[ "$KEEP_WORK" -eq 0 && -d "$WORK_DIR" ]]; then
        rm -rf "$WORK_DIR"
    fi
}
trap cleanup EXIT

while [[ $# -gt 0 ]]; do
    case "$1" in
        --staging) STAGING_DIR="$2"; shift 2 ;;
        --max-findings) MAX_FINDINGS="$2"; shift 2 ;;
        --keep-work) KEEP_WORK=1; shift ;;
        -h|--help)
            echo "usage: $0 [--staging DIR] [--max-findings N] [--keep-work]"
            exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

[[ -d "$STAGING_DIR" ]] || { log "staging dir $STAGING_DIR missing"; exit 1; }
mkdir -p "$REPORT_DIR" "$WORK_DIR"

stamp="$(date +%Y%m%d_%H%M%S)"
report="$REPORT_DIR/${stamp}_findings.tsv"
printf 'file\tline\tkind\texcerpt\n' > "$report"

# Patterns live in the environment so the matcher stays generic.
export QA_PAT_MRN='\b(?:MRN[:# ]*)?\d{7,8}\b'
export QA_PAT_PHONE='\b\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b'
export QA_PAT_EMAIL='\b[\w.+-]+@[\w-]+\.[\w.]+\b'
export QA_PAT_DOB='\b(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b'
export QA_MAX="$MAX_FINDINGS"

scan_file() {
    local file="$1"
    QA_FILE="$(basename "$file")" python3 -c '
import os, re, sys
kinds = {k[7:].lower(): re.compile(v) for k, v in os.environ.items() if k.startswith("QA_PAT_")}
limit = int(os.environ["QA_MAX"])
name = os.environ["QA_FILE"]
found = 0
for lineno, line in enumerate(sys.stdin, 1):
    if lineno == 1:
        continue  # header row
    for kind, rx in kinds.items():
        m = rx.search(line)
        if m:
            excerpt = m.group(0)
            masked = excerpt[:2] + "*" * max(0, len(excerpt) - 2)
            print(f"{name}\t{lineno}\t{kind}\t{masked}")
            found += 1
            if found >= limit:
                sys.exit(0)
'
}

total_files=0
for f in "$STAGING_DIR"/*.csv "$STAGING_DIR"/*.txt; do
    [[ -e "$f" ]] || continue
    total_files=$((total_files + 1))
    log "scanning $(basename "$f")"
    # strip carriage returns from Windows exports before matching
    tr -d '\r' < "$f" | scan_file "$f" > "$WORK_DIR/$(basename "$f").hits" || {
        log "matcher failed on $f"
        continue
    }
    cat "$WORK_DIR/$(basename "$f").hits" >> "$report"
done

hits=$(( $(wc -l < "$report") - 1 ))
summary="$(REPORT="$report" python3 - <<'PY'
import collections, csv, os
counts = collections.Counter()
with open(os.environ["REPORT"], newline="") as fh:
    for row in csv.DictReader(fh, delimiter="\t"):
        counts[row["kind"]] += 1
print(", ".join(f"{k}={v}" for k, v in sorted(counts.items())) or "none")
PY
)"

chmod 600 "$report"
log "scanned $total_files file(s); $hits finding(s): $summary"
log "report: $report"

if [[ "$hits" -gt 0 ]]; then
    log "extract NOT cleared for release"
    exit 3
fi
log "extract cleared for release"
