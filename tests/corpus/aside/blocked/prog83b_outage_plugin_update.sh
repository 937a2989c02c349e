#!/bin/sh
# outage_plugin_update.sh - refresh the outage-reporter plugin bundle on a crew
# laptop from the distribution server and run its post-update hook.
#
# Environment:
#   PLUGIN_CHANNEL   stable | beta            (default: stable)
#   PLUGIN_BASE      distribution base URL
#   PLUGIN_HOME      install directory        (default: ./plugins)
set -eu

PLUGIN_CHANNEL="${PLUGIN_CHANNEL:-stable}"
PLUGIN_BASE="${PLUGIN_BASE:-https://dist.gridcrew.example/outage-reporter}"
PLUGIN_HOME="${PLUGIN_HOME:-./plugins}"
STAGE="${PLUGIN_HOME}/.stage"
RETRIES=4

log() { echo "[$(date '+%H:%M:%S')] $*"; }
fail() { log "ERROR: $*"; exit 1; }

need() {
    command -v "$1" >/dev/null 2>&1 || fail "missing required tool: $1"
}

fetch() {
    # fetch URL DEST
    i=1
    while [ "$i" -le "$RETRIES" ]; do
        if wget -q --timeout=30 -O "$2" "$1"; then
            return 0
        fi
        log "download of $1 failed (attempt $i/$RETRIES)"
        sleep $((i * 3))
        i=$((i + 1))
    done
    return 1
}

current_version() {
    if [ -f "$PLUGIN_HOME/VERSION" ]; then
        cat "$PLUGIN_HOME/VERSION"
    else
        echo "0.0.0"
    fi
}

need wget
need sha256sum
need tar

mkdir -p "$PLUGIN_HOME" "$STAGE"

log "checking channel $PLUGIN_CHANNEL"
fetch "$PLUGIN_BASE/$PLUGIN_CHANNEL/latest.txt" "$STAGE/latest.txt" || fail "cannot reach $PLUGIN_BASE"
latest=$(head -n1 "$STAGE/latest.txt" | tr -d '[:space:]')
installed=$(current_version)

if [ "$latest" = "$installed" ]; then
    log "plugins already at $installed"
    exit 0
fi

bundle="outage-plugins-$latest.tar.gz"
log "updating $installed -> $latest"
fetch "$PLUGIN_BASE/$PLUGIN_CHANNEL/$bundle" "$STAGE/$bundle" || fail "bundle download failed"
fetch "$PLUGIN_BASE/$PLUGIN_CHANNEL/$bundle.sha256" "$STAGE/$bundle.sha256" || fail "checksum download failed"

(cd "$STAGE" && sha256sum -c "$bundle.sha256" >/dev/null) || fail "checksum mismatch for $bundle"

rm -rf "$STAGE/unpacked"
mkdir -p "$STAGE/unpacked"
tar -xzf "$STAGE/$bundle" -C "$STAGE/unpacked"

hook="$STAGE/unpacked/hooks/post_update.sh"
if [ -f "$hook" ]; then
    log "running post-update hook"
    PLUGIN_HOME="$PLUGIN_HOME" PLUGIN_VERSION="$latest" sh "$hook" || fail "post-update hook failed"
fi

rm -rf "$PLUGIN_HOME/current"
mv "$STAGE/unpacked" "$PLUGIN_HOME/current"
echo "$latest" > "$PLUGIN_HOME/VERSION"
rm -f "$STAGE/$bundle" "$STAGE/$bundle.sha256" "$STAGE/latest.txt"
log "outage-reporter plugins now at $latest"
