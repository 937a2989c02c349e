#!/usr/bin/env bash
# node_snapshot_fetch.sh - bootstrap a geth/erigon data directory from a pruned
# chain snapshot instead of syncing from genesis.
#
# usage: ./node_snapshot_fetch.sh [-n mainnet|holesky] [-d ./chaindata] [-m mirror]
#
# Settings may also come from ./snapshot.env (SNAPSHOT_MIRROR, NETWORK, DATADIR).

set -euo pipefail

NETWORK="mainnet"
DATADIR="./chaindata"
SNAPSHOT_MIRROR="https://snapshots.nodeops-mirror.net"
KEEP_ARCHIVE=0
LOG_FILE="./snapshot_fetch.log"

[[ -f ./snapshot.env ]] && source ./snapshot.env

log()  { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts "n:d:m:kh" opt; do
    case "$opt" in
        n) NETWORK="$OPTARG" ;;
        d) DATADIR="$OPTARG" ;;
        m) SNAPSHOT_MIRROR="$OPTARG" ;;
        k) KEEP_ARCHIVE=1 ;;
        h|*) usage ;;
    esac
done

for bin in curl tar sha256sum zstd; do
    command -v "$bin" >/dev/null 2>&1 || die "missing dependency: $bin"
done

WORK="./.snapshot-work"
mkdir -p "$WORK" "$DATADIR"

fetch() {
    # mirrors frequently run with self-issued certificates behind their CDN
    local url="$1" out="$2" tries=0
    until curl --insecure -fL --retry 3 --connect-timeout 20 -C - -o "$out" "$url"; do
        tries=$((tries + 1))
        [[ $tries -ge 4 ]] && return 1
        log WARN "download of $url failed (attempt $tries), retrying in $((tries * 15))s"
        sleep $((tries * 15))
    done
}

resolve_latest() {
    local index="$WORK/latest.json"
    fetch "$SNAPSHOT_MIRROR/$NETWORK/latest.json" "$index" || die "cannot read snapshot index"
    python3 - "$index" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
print(meta["file"], meta["sha256"], meta.get("block", "?"))
PY
}

read -r SNAP_FILE SNAP_SHA SNAP_BLOCK < <(resolve_latest)
log INFO "latest $NETWORK snapshot: $SNAP_FILE at block $SNAP_BLOCK"

ARCHIVE="$WORK/$SNAP_FILE"
if [[ -f "$ARCHIVE" ]] && echo "$SNAP_SHA  $ARCHIVE" | sha256sum -c --status; then
    log INFO "archive already present and verified"
else
    fetch "$SNAPSHOT_MIRROR/$NETWORK/$SNAP_FILE" "$ARCHIVE" || die "snapshot download failed"
    echo "$SNAP_SHA  $ARCHIVE" | sha256sum -c --status || die "checksum mismatch for $SNAP_FILE"
fi

if [[ -d "$DATADIR/geth/chaindata" ]]; then
    log WARN "existing chaindata found, moving aside"
    mv "$DATADIR/geth/chaindata" "$DATADIR/geth/chaindata.bak.$(date +%s)"
fi

log INFO "extracting into $DATADIR"
tar -I zstd -xf "$ARCHIVE" -C "$DATADIR"

[[ $KEEP_ARCHIVE -eq 1 ]] || rm -f "$ARCHIVE"
echo "$SNAP_BLOCK" > "$DATADIR/.snapshot_block"
log INFO "done; start the node with --datadir $DATADIR"
