#!/usr/bin/env bash
# pdf_inventory.sh - build an inventory of the PDFs waiting in ./incoming
# (the job folder this is run from), with page counts, sizes and cache keys.
# File names are piped into an embedded Python step; settings travel in
# environment variables and the result lands in ./inventory.csv.
set -euo pipefail

INCOMING="${INCOMING:-./incoming}"
OUTPUT="${OUTPUT:-./inventory.csv}"
CACHE_DIR="./.inventory_cache"
CLEAN=0
VERBOSE=0

log() { (( VERBOSE )) && echo "[inventory] $*" >&2; return 0; }

usage() {
    echo "Usage: $0 [-i incoming_dir] [-o output.csv] [-c] [-v]" >&2
    echo "  -c  remove the inventory cache afterwards" >&2
    exit 2
}

while getopts "i:o:cvh" opt; do
    case "$opt" in
        i) INCOMING="$OPTARG" ;;
        o) OUTPUT="$OPTARG" ;;
        c) CLEAN=1 ;;
        v) VERBOSE=1 ;;
        *) usage ;;
    esac
done

host_label() {
    # PRETTY_NAME from os-release goes into the report header
    (. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}") || echo unknown
}

list_pdfs() {
    find "$INCOMING" -maxdepth 2 -type f -iname '*.pdf' -print | sort
}

build_inventory() {
    CACHE_DIR="$CACHE_DIR" OUTPUT="$OUTPUT" HOST_LABEL="$1" python3 -c '
import csv, hashlib, json, os, re, sys

cache_dir = os.environ["CACHE_DIR"]
os.makedirs(cache_dir, exist_ok=True)
page_re = re.compile(rb"/Type\s*/Page[^s]")

def cache_key(path, st):
    raw = f"{path}:{st.st_size}:{int(st.st_mtime)}".encode()
    return hashlib.md5(raw).hexdigest()

rows = []
for line in sys.stdin:
    path = line.rstrip("\n")
    if not path:
        continue
    st = os.stat(path)
    key = cache_key(path, st)
    cached = os.path.join(cache_dir, key + ".json")
    if os.path.exists(cached):
        with open(cached) as fh:
            info = json.load(fh)
    else:
        with open(path, "rb") as fh:
            info = {"pages": len(page_re.findall(fh.read()))}
        with open(cached, "w") as fh:
            json.dump(info, fh)
    rows.append([os.path.basename(path), st.st_size, info["pages"], key])

with open(os.environ["OUTPUT"], "w", newline="") as fh:
    fh.write("# host: " + os.environ["HOST_LABEL"] + "\n")
    w = csv.writer(fh)
    w.writerow(["file", "bytes", "pages", "cache_key"])
    w.writerows(rows)
print(len(rows))
'
}

main() {
    if [[ ! -d "$INCOMING" ]]; then
        echo "no $INCOMING directory here" >&2
        exit 1
    fi
    local label count
    label="$(host_label)"
    log "host: $label"
    count="$(list_pdfs | build_inventory "$label")"
    echo "inventory of $count PDF(s) written to $OUTPUT"
    if (( CLEAN )); then
        rm -rf "$CACHE_DIR"
        log "cache removed"
    fi
}

main
