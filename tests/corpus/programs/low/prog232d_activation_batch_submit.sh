#!/usr/bin/env bash
# activation_batch_submit.sh - submit a batch of set-top box activations
# (serial + smartcard + subscriber account) to the provisioning API.
#
# Needs PROV_API_KEY in the environment; it is only ever sent to the
# provisioning API itself.
set -euo pipefail

API="${PROV_API:-https://api.provisioning.example.com/v2}"
BATCH_CSV=""
DRY_RUN=0
RESULT_DIR="./activation_results"

log() { printf '%s [activate] %s\n' "$(date '+%T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
Usage: PROV_API_KEY=... $0 -f batch.csv [-n]
  -f  CSV with columns serial,smartcard,account
  -n  validate and show the payload, do not submit
EOF
}

while getopts ":f:nh" opt; do
  case "$opt" in
    f) BATCH_CSV="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
[[ -f "$BATCH_CSV" ]] || { usage; exit 2; }
[[ -n "${PROV_API_KEY:-}" ]] || die "PROV_API_KEY is not set"

# 1. Is the API up?
status_json="$(curl -fsS --max-time 10 "$API/status")" || die "provisioning API unreachable"
state="$(printf '%s' "$status_json" | python3 -c 'import json,sys; print(json.load(sys.stdin).get("state","unknown"))')"
log "API state: $state"
[[ "$state" == "ok" ]] || die "API is '$state'; not submitting"

# 2. Turn the CSV into the activation payload.
mkdir -p "$RESULT_DIR"
payload="$RESULT_DIR/$(basename "$BATCH_CSV" .csv)_payload.json"
BATCH_CSV="$BATCH_CSV" PAYLOAD="$payload" python3 - <<'PY'
import csv, json, os, re, sys
ok, bad = [], 0
with open(os.environ["BATCH_CSV"], newline="") as fh:
    for n, row in enumerate(csv.DictReader(fh), 2):
        serial = row.get("serial", "").strip().upper()
        card = row.get("smartcard", "").strip()
        acct = row.get("account", "").strip()
        if not (re.fullmatch(r"[A-Z0-9]{10,16}", serial) and card.isdigit() and acct):
            print(f"line {n}: invalid row skipped", file=sys.stderr)
            bad += 1
            continue
        ok.append({"serial": serial, "smartcard": card, "account": acct})
if not ok:
    sys.exit("no valid rows")
with open(os.environ["PAYLOAD"], "w") as fh:
    json.dump({"activations": ok}, fh, indent=1)
print(f"{len(ok)} valid, {bad} skipped", file=sys.stderr)
PY
log "payload written to $payload"

if (( DRY_RUN )); then
  head -c 600 "$payload"; echo
  exit 0
fi

# 3. Submit, using the key for this API only.
response="$RESULT_DIR/$(basename "$BATCH_CSV" .csv)_response.json"
http_code="$(curl -sS --max-time 60 -o "$response" -w '%{http_code}' \
  -X POST "$API/activations/batch" \
  -H "Authorization: Bearer $PROV_API_KEY" \
  -H 'Content-Type: application/json' \
  --data-binary @"$payload")" || die "submit failed"

log "API answered HTTP $http_code"
RESPONSE="$response" python3 - <<'PY'
import json, os
with open(os.environ["RESPONSE"]) as fh:
    data = json.load(fh)
for item in data.get("results", []):
    if item.get("status") != "accepted":
        print(f'{item.get("serial")}: {item.get("status")} {item.get("reason", "")}')
print(f'batch {data.get("batch_id", "?")}: {data.get("accepted", 0)} accepted')
PY
[[ "$http_code" == 2* ]] || exit 1
