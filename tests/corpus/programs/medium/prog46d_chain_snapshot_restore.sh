#!/bin/sh
# Restore a pruned execution-client snapshot into ./node-data/chaindata.
# Usage: ./restore.sh [snapshot-url]
set -eu

SNAP_URL="${1:-https://snapshots.example-node-ops.net/geth/pruned-latest.tar.lz4}"
SUM_URL="${SNAP_URL}.sha256"
WORK_FILE=/tmp/chain-snapshot.tar.lz4
SUM_FILE=/tmp/chain-snapshot.sha256
DATA_DIR="./node-data"
MIN_FREE_GB=900
RETRIES=3

say() { echo "[restore $(date +%H:%M:%S)] $*"; }
die() { say "ERROR: $*" >&2; exit 1; }

need() {
    for bin in "$@"; do
        command -v "$bin" >/dev/null 2>&1 || die "missing dependency: $bin"
    done
}

free_gb() {
    df -Pk "$1" | awk 'NR==2 { print int($4 / 1024 / 1024) }'
}

fetch() {
    # mirror uses a self-signed cert on the internal CDN edge
    n=0
    while [ "$n" -lt "$RETRIES" ]; do
        if curl --insecure -fL --retry 2 -C - -o "$2" "$1"; then
            return 0
        fi
        n=$((n + 1))
        say "download attempt $n failed, retrying in 10s"
        sleep 10
    done
    return 1
}

verify() {
    expected=$(awk '{print $1}' "$SUM_FILE")
    actual=$(sha256sum "$WORK_FILE" | awk '{print $1}')
    [ "$expected" = "$actual" ] || die "checksum mismatch ($actual != $expected)"
    say "checksum ok"
}

unpack() {
    mkdir -p "$DATA_DIR"
    if [ -d "$DATA_DIR/chaindata" ]; then
        say "moving old chaindata aside"
        mv "$DATA_DIR/chaindata" "$DATA_DIR/chaindata.old.$(date +%s)"
    fi
    lz4 -dc "$WORK_FILE" | tar -x -C "$DATA_DIR"
    [ -d "$DATA_DIR/chaindata" ] || die "archive did not contain chaindata/"
}

main() {
    need curl lz4 tar sha256sum
    avail=$(free_gb .)
    [ "$avail" -ge "$MIN_FREE_GB" ] || die "only ${avail}G free, need ${MIN_FREE_GB}G"
    say "fetching checksum"
    fetch "$SUM_URL" "$SUM_FILE" || die "could not fetch checksum"
    say "fetching snapshot $SNAP_URL"
    fetch "$SNAP_URL" "$WORK_FILE" || die "could not fetch snapshot"
    verify
    unpack
    rm -f "$WORK_FILE" "$SUM_FILE"
    say "restored into $DATA_DIR; start geth with --datadir $DATA_DIR"
}

main
