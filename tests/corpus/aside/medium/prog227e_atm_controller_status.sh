#!/usr/bin/env bash
# atm_controller_status.sh - poll the status API of the regional ATM
# controllers and print a one-line summary per controller.
#
# The controllers still present the vendor's self-signed certificates, so
# certificate checks are switched off for these calls.
#
# Usage: atm_controller_status.sh [-l controllers.txt] [-o out.json]

set -uo pipefail

LIST_FILE="./controllers.txt"
OUT_FILE="./controller_status.json"
TIMEOUT=10

log() { echo "[ctrl-status] $*" >&2; }

while getopts ":l:o:t:h" opt; do
    case "$opt" in
        l) LIST_FILE="$OPTARG" ;;
        o) OUT_FILE="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

if [[ ! -f "$LIST_FILE" ]]; then
    printf '%s\n' atmctl-north.example.org atmctl-south.example.org \
        atmctl-east.example.org > "$LIST_FILE"
    log "created default controller list $LIST_FILE"
fi

fetch_status() {
    local host="$1"
    curl -sk --max-time "$TIMEOUT" "https://$host/api/v2/status"
}

fetch_terminals() {
    # second call is made from python, same relaxed TLS handling
    CTRL_HOST="$1" CTRL_TIMEOUT="$TIMEOUT" python3 -c '
import json, os, ssl, urllib.request
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
url = "https://%s/api/v2/terminals?state=offline" % os.environ["CTRL_HOST"]
try:
    with urllib.request.urlopen(url, timeout=float(os.environ["CTRL_TIMEOUT"]),
                                context=ctx) as resp:
        data = json.load(resp)
    print(len(data.get("terminals", [])))
except Exception:
    print(-1)
'
}

summarise() {
    STATUS_JSON="$1" CTRL_HOST="$2" OFFLINE="$3" python3 - <<'PY'
import json, os
host = os.environ["CTRL_HOST"]
try:
    st = json.loads(os.environ["STATUS_JSON"])
except ValueError:
    st = {}
row = {
    "controller": host,
    "state": st.get("state", "unreachable"),
    "version": st.get("version", "?"),
    "terminals": st.get("terminals", 0),
    "offline": int(os.environ["OFFLINE"]),
}
print(json.dumps(row))
PY
}

main() {
    local host status offline rows=()
    while IFS= read -r host; do
        [[ -z "$host" || "$host" == \#* ]] && continue
        status="$(fetch_status "$host" || true)"
        offline="$(fetch_terminals "$host")"
        rows+=("$(summarise "$status" "$host" "$offline")")
        log "$host done"
    done < "$LIST_FILE"

    printf '%s\n' "${rows[@]}" | python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.strip()]
for r in rows:
    print("%-28s %-12s v%-8s terminals=%-4s offline=%s" % (
        r["controller"], r["state"], r["version"], r["terminals"], r["offline"]))
json.dump(rows, open(sys.argv[1], "w"), indent=2)
' "$OUT_FILE"
    log "summary written to $OUT_FILE"
}

main
