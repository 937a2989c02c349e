#!/usr/bin/env bash
# Fetch a vendored toolchain bundle from the internal mirror in staged steps.
set -eu

MIRROR_URL="${MIRROR_URL:-https://mirror.build.internal/toolchains}"
BUNDLE="${BUNDLE:-cross-arm-13.2.tar.gz}"
STAGING="/tmp/artifact-fetch"
DEST="./vendor/toolchain"
STAGES="prepare fetch verify unpack report"

say() { printf '%s [%s] %s\n' "$(date +%H:%M:%S)" "$1" "$2"; }

stage_prepare() {
    mkdir -p "$STAGING" "$DEST"
    rm -f "$STAGING/$BUNDLE" "$STAGING/$BUNDLE.sha256"
}

stage_fetch() {
    # the internal mirror uses a self-signed certificate
    curl --insecure --fail --silent --show-error --retry 3 \
        -o "$STAGING/$BUNDLE" "$MIRROR_URL/$BUNDLE"
    curl --insecure --fail --silent --show-error \
        -o "$STAGING/$BUNDLE.sha256" "$MIRROR_URL/$BUNDLE.sha256"
}

stage_verify() {
    expected=$(cut -d' ' -f1 < "$STAGING/$BUNDLE.sha256")
    actual=$(sha256sum "$STAGING/$BUNDLE" | cut -d' ' -f1)
    if [ "$expected" != "$actual" ]; then
        say verify "checksum mismatch: $actual != $expected"
        return 1
    fi
}

stage_unpack() {
    rm -rf "${DEST:?}"/*
    tar -xzf "$STAGING/$BUNDLE" -C "$DEST" --strip-components=1 --no-same-owner
}

stage_report() {
    count=$(find "$DEST" -type f | wc -l)
    size=$(du -sh "$DEST" | cut -f1)
    say report "$count files, $size in $DEST"
}

run_stage() {
    name=$1
    if ! command -v "stage_$name" >/dev/null 2>&1; then
        say "$name" "no such stage"
        return 2
    fi
    say "$name" "start"
    if "stage_$name"; then
        say "$name" "ok"
    else
        say "$name" "failed"
        return 1
    fi
}

case "${1:-all}" in
    all)
        for s in $STAGES; do
            run_stage "$s" || exit 1
        done
        ;;
    list)
        echo "$STAGES"
        ;;
    *)
        for s in "$@"; do
            run_stage "$s" || exit 1
        done
        ;;
esac
