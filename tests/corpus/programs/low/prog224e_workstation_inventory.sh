#!/usr/bin/env bash
# workstation_inventory.sh - record this workstation's basic facts.
#
# Used during branch refresh visits: collects OS, CPU, memory and disk
# facts with ordinary commands, hands them to Python through environment
# variables and writes inventory/<hostname>.json in the working directory.
# The file is only rewritten when the facts changed.
set -uo pipefail

OUT_DIR="${OUT_DIR:-./inventory}"
ASSET_TAG="${ASSET_TAG:-unknown}"
BRANCH_CODE="${BRANCH_CODE:-BR000}"
QUIET=0

log() { [[ "$QUIET" -eq 1 ]] || echo "[inventory] $*" >&2; }

usage() {
    echo "Usage: $0 [-a asset_tag] [-b branch] [-o out_dir] [-q]" >&2
}

while getopts ":a:b:o:qh" opt; do
    case "$opt" in
        a) ASSET_TAG="$OPTARG" ;;
        b) BRANCH_CODE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        q) QUIET=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mkdir -p "$OUT_DIR"
HOST="$(hostname)"
OUT_FILE="$OUT_DIR/$HOST.json"

os_pretty="$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}")"
cpu_model="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
cpu_count="$(grep -c '^processor' /proc/cpuinfo)"
mem_kb="$(awk '/MemTotal/ {print $2}' /proc/meminfo)"
disk_line="$(df -Pk / | awk 'NR==2 {print $2, $3, $4}')"
kernel="$(uname -r)"
log "collected facts for $HOST"

INV_HOST="$HOST" INV_ASSET="$ASSET_TAG" INV_BRANCH="$BRANCH_CODE" \
INV_OS="$os_pretty" INV_CPU="$cpu_model" INV_CPUS="$cpu_count" \
INV_MEM_KB="$mem_kb" INV_DISK="$disk_line" INV_KERNEL="$kernel" \
INV_OUT="$OUT_FILE" python3 - <<'PY'
import hashlib
import json
import os
import sys

e = os.environ
total, used, free = (int(x) for x in e["INV_DISK"].split())
facts = {
    "host": e["INV_HOST"],
    "asset_tag": e["INV_ASSET"],
    "branch": e["INV_BRANCH"],
    "os": e["INV_OS"],
    "kernel": e["INV_KERNEL"],
    "cpu": {"model": e["INV_CPU"], "count": int(e["INV_CPUS"])},
    "memory_gb": round(int(e["INV_MEM_KB"]) / 1024 / 1024, 1),
    "root_disk_gb": {
        "total": round(total / 1024 / 1024, 1),
        "used": round(used / 1024 / 1024, 1),
        "free": round(free / 1024 / 1024, 1),
    },
}
body = json.dumps(facts, indent=2, sort_keys=True) + "\n"
# MD5 is only a change-detection key for the cached file.
key = hashlib.md5(body.encode()).hexdigest()

out = e["INV_OUT"]
key_file = out + ".md5"
if os.path.exists(key_file) and open(key_file).read().strip() == key:
    print("unchanged")
    sys.exit(0)
with open(out, "w") as fh:
    fh.write(body)
with open(key_file, "w") as fh:
    fh.write(key + "\n")
os.chmod(out, 0o600)
os.chmod(key_file, 0o600)
if facts["root_disk_gb"]["free"] < 5:
    print("written (low disk space!)")
else:
    print("written")
PY
status=$?

if [[ "$status" -ne 0 ]]; then
    log "failed to write $OUT_FILE"
    exit 1
fi
log "inventory for $HOST in $OUT_FILE"
