#!/bin/sh
# Canary checks: sync the check plugins for the selected channel from the
# plugin registry, then run every plugin against the canary target and
# summarise the results for the deploy pipeline.
#
# Usage: prog77c_canary_plugin_sync.sh TARGET_URL [CHANNEL]
set -eu

REGISTRY="${CANARY_REGISTRY:-https://canary-registry.sre-tools.example.com}"
PLUGIN_DIR="${PLUGIN_DIR:-./canary.d}"
RESULTS="${RESULTS:-./canary-results.tsv}"
FETCH_TIMEOUT="${FETCH_TIMEOUT:-20}"

log() { echo "$(date -u '+%Y-%m-%dT%H:%M:%SZ') canary: $*" >&2; }

usage() {
    echo "usage: $0 TARGET_URL [CHANNEL]" >&2
    exit 64
}

[ $# -ge 1 ] || usage
TARGET="$1"
CHANNEL="${2:-${CANARY_CHANNEL:-stable}}"

fetch() {
    # fetch URL DEST, with a couple of retries for flaky registry mirrors
    _url="$1"; _dest="$2"; _try=1
    while [ "$_try" -le 3 ]; do
        if wget -q -T "$FETCH_TIMEOUT" -O "$_dest.part" "$_url"; then
            mv "$_dest.part" "$_dest"
            return 0
        fi
        log "fetch $_url failed (attempt $_try)"
        _try=$((_try + 1))
        sleep 2
    done
    rm -f "$_dest.part"
    return 1
}

sync_plugins() {
    mkdir -p "$PLUGIN_DIR"
    fetch "$REGISTRY/channels/$CHANNEL/index.txt" "$PLUGIN_DIR/index.txt" \
        || { log "cannot read plugin index for $CHANNEL"; return 1; }
    # index lines: <name> <version>
    while read -r name version; do
        case "$name" in ''|\#*) continue ;; esac
        stamp="$PLUGIN_DIR/.$name.version"
        if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$version" ]; then
            continue
        fi
        if fetch "$REGISTRY/plugins/$name/$version/check.sh" "$PLUGIN_DIR/$name.sh"; then
            echo "$version" > "$stamp"
            log "updated $name to $version"
        else
            log "keeping previous $name"
        fi
    done < "$PLUGIN_DIR/index.txt"
}

run_plugins() {
    : > "$RESULTS"
    failed=0
    for plugin in "$PLUGIN_DIR"/*.sh; do
        [ -f "$plugin" ] || continue
        name=$(basename "$plugin" .sh)
        start=$(date +%s)
        if CANARY_TARGET="$TARGET" sh "$plugin" "$TARGET" > "$PLUGIN_DIR/$name.out" 2>&1; then
            status=pass
        else
            status=fail
            failed=$((failed + 1))
        fi
        printf '%s\t%s\t%ss\n' "$name" "$status" "$(( $(date +%s) - start ))" >> "$RESULTS"
    done
    return "$failed"
}

log "channel=$CHANNEL target=$TARGET registry=$REGISTRY"
sync_plugins || log "continuing with cached plugins"

if run_plugins; then
    log "all canary checks passed"
    rc=0
else
    rc=$?
    log "$rc canary check(s) failed"
fi
column -t "$RESULTS" 2>/dev/null || cat "$RESULTS"
exit "$rc"
