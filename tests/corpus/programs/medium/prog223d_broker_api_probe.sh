#!/usr/bin/env bash
# Probe the staging broker API endpoints after a deploy.
# Staging uses a self-signed certificate that nobody has put in the
# trust store yet, so certificate checks are switched off here.
set -uo pipefail

BASE_URL="${BASE_URL:-https://staging-api.broker.example.net}"
OUT_DIR="${OUT_DIR:-./probe_results}"
TIMEOUT="${TIMEOUT:-10}"
ENDPOINTS=(/health /v1/entries/ping /v1/isf/ping /v1/hts/version /v1/ports)
FAILURES=0

log() { printf '%s probe: %s\n' "$(date +%T)" "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --base) BASE_URL="$2"; shift 2 ;;
        --out) OUT_DIR="$2"; shift 2 ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--base URL] [--out DIR] [--timeout S]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"

probe() {
    local path="$1" name body meta
    name="$(echo "$path" | tr '/' '_' | sed 's/^_//')"
    body="$OUT_DIR/$name.body"
    meta="$(curl --insecure -sS --max-time "$TIMEOUT" -o "$body" \
        -w '%{http_code} %{time_total}' "$BASE_URL$path" 2>>"$OUT_DIR/errors.log")" \
        || meta="000 0"
    echo "$path $meta"
}

tls_details() {
    HOST="${BASE_URL#https://}" python3 - <<'PY'
import os, socket, ssl
host = os.environ["HOST"].split("/")[0]
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
try:
    with socket.create_connection((host, 443), timeout=10) as raw:
        with ctx.wrap_socket(raw, server_hostname=host) as tls:
            print(f"tls {tls.version()} cipher {tls.cipher()[0]}")
except OSError as exc:
    print(f"tls unavailable: {exc}")
PY
}

summarise() {
    RESULTS="$1" python3 -c '
import os
bad = 0
for line in os.environ["RESULTS"].splitlines():
    path, code, secs = line.split()
    ok = code.startswith("2")
    bad += not ok
    verdict = "OK" if ok else "FAIL"
    print(f"{path:22} {code}  {float(secs)*1000:7.1f} ms  {verdict}")
raise SystemExit(1 if bad else 0)
'
}

main() {
    local results="" ep
    log "probing $BASE_URL"
    tls_details | sed 's/^/    /' >&2
    for ep in "${ENDPOINTS[@]}"; do
        results+="$(probe "$ep")"$'\n'
    done
    printf '%s' "$results" > "$OUT_DIR/summary.txt"
    summarise "$results" || FAILURES=1
    if [ "$FAILURES" -ne 0 ]; then
        log "some endpoints failed; see $OUT_DIR"
        exit 1
    fi
    log "all endpoints healthy"
}

main
