#!/bin/bash
# Mount the formulation lab NFS share and make it permanent in fstab.
set -uo pipefail

SERVER="${LAB_NFS_SERVER:-192.0.2.20}"
EXPORT="${LAB_NFS_EXPORT:-/export/waxlab}"
MOUNTPOINT="${LAB_MOUNTPOINT:-/mnt/waxlab}"
OPTIONS="rw,hard,noatime,vers=4.1,_netdev"
PERSIST=1

log() { echo "$(date '+%T') mount-lab: $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --server) SERVER="$2"; shift 2 ;;
        --export) EXPORT="$2"; shift 2 ;;
        --mountpoint) MOUNTPOINT="$2"; shift 2 ;;
        --no-persist) PERSIST=0; shift ;;
        *) echo "usage: $0 [--server IP] [--export PATH] [--mountpoint DIR] [--no-persist]" >&2; exit 2 ;;
    esac
done

if mountpoint -q "$MOUNTPOINT"; then
    log "$MOUNTPOINT already mounted"
    exit 0
fi

if ! showmount -e "$SERVER" 2>/dev/null | grep -q "^$EXPORT"; then
    log "export $EXPORT not offered by $SERVER"
    exit 1
fi

sudo mkdir -p "$MOUNTPOINT"
if ! sudo mount -t nfs -o "$OPTIONS" "$SERVER:$EXPORT" "$MOUNTPOINT"; then
    log "mount failed"
    exit 1
fi
log "mounted $SERVER:$EXPORT on $MOUNTPOINT"

[ "$PERSIST" -eq 1 ] || exit 0

# build and check the fstab line before touching the file
entry=$(SERVER="$SERVER" EXPORT="$EXPORT" MP="$MOUNTPOINT" OPTS="$OPTIONS" python3 - <<'PY'
import os, sys
fields = [f"{os.environ['SERVER']}:{os.environ['EXPORT']}", os.environ["MP"],
          "nfs", os.environ["OPTS"], "0", "0"]
if any(not f or " " in f for f in fields):
    sys.exit("invalid fstab field")
print("\t".join(fields))
PY
) || { log "could not build fstab entry"; exit 1; }

if grep -qF "$SERVER:$EXPORT" /etc/fstab; then
    log "fstab already has an entry for $SERVER:$EXPORT"
else
    sudo cp /etc/fstab "/etc/fstab.bak.$(date +%s)"
    echo "$entry" | sudo tee -a /etc/fstab >/dev/null
    log "fstab updated"
fi

sudo mount -a --fake 2>/dev/null && log "fstab parses cleanly" || log "check /etc/fstab"
