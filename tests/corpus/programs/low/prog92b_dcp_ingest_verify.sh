#!/usr/bin/env bash
# dcp_ingest_verify.sh - verify a DCP delivered on a CRU drive and copy it
# into the local library.
#
# Reads ASSETMAP(.xml) and every PKL on the given source folder, checks the
# size and SHA-1 (base64, as SMPTE 429-8 stores it) of each packaged asset,
# and only copies the package into ./library/<package> when every asset
# matches.
#
# Usage: dcp_ingest_verify.sh <dcp-folder> [library-dir]

set -euo pipefail

SRC="${1:-}"
LIBRARY="${2:-./library}"
LOGFILE="./ingest.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }
fail() { log "FAIL: $*"; exit 1; }

[[ -n "$SRC" ]] || { echo "usage: $0 <dcp-folder> [library-dir]" >&2; exit 64; }
[[ -d "$SRC" ]] || fail "$SRC is not a directory"
command -v openssl >/dev/null || fail "openssl not found"

ASSETMAP="$SRC/ASSETMAP.xml"
[[ -f "$ASSETMAP" ]] || ASSETMAP="$SRC/ASSETMAP"
[[ -f "$ASSETMAP" ]] || fail "no ASSETMAP in $SRC"

# Emit "uuid<TAB>path<TAB>size<TAB>hash" for every asset listed in a PKL.
list_assets() {
    python3 - "$SRC" "$ASSETMAP" <<'PY'
import sys, pathlib
import xml.etree.ElementTree as ET

src, amap = pathlib.Path(sys.argv[1]), sys.argv[2]

def local(tag):
    return tag.rsplit("}", 1)[-1]

def child(el, name):
    for c in el:
        if local(c.tag) == name:
            return c
    return None

paths, pkls = {}, []
for asset in ET.parse(amap).getroot().iter():
    if local(asset.tag) != "Asset":
        continue
    uid = child(asset, "Id").text.strip()
    chunk = next(c for c in asset.iter() if local(c.tag) == "Path")
    paths[uid] = chunk.text.strip()
    pkl_flag = child(asset, "PackingList")
    if pkl_flag is not None and (pkl_flag.text or "true").strip().lower() == "true":
        pkls.append(uid)

for pkl_id in pkls:
    root = ET.parse(src / paths[pkl_id]).getroot()
    for asset in root.iter():
        if local(asset.tag) != "Asset":
            continue
        uid = child(asset, "Id").text.strip()
        size = child(asset, "Size").text.strip()
        digest = child(asset, "Hash").text.strip()
        print(f"{uid}\t{paths.get(uid, '')}\t{size}\t{digest}")
PY
}

verify_asset() {
    local uid="$1" rel="$2" size="$3" want="$4" file have actual
    file="$SRC/$rel"
    [[ -n "$rel" && -f "$file" ]] || { log "missing asset $uid ($rel)"; return 1; }
    actual=$(stat -c %s "$file")
    [[ "$actual" == "$size" ]] || { log "size mismatch $rel: $actual != $size"; return 1; }
    have=$(openssl dgst -sha1 -binary "$file" | openssl base64 -A)
    [[ "$have" == "$want" ]] || { log "hash mismatch $rel"; return 1; }
    log "ok  $rel"
}

package_name() {
    local cpl
    cpl=$(grep -l -m1 "ContentTitleText" "$SRC"/*.xml 2>/dev/null | head -n1 || true)
    if [[ -n "$cpl" ]]; then
        sed -n 's:.*<ContentTitleText[^>]*>\(.*\)</ContentTitleText>.*:\1:p' "$cpl" | head -n1
    else
        basename "$SRC"
    fi
}

main() {
    local bad=0 n=0 name dest
    log "verifying $SRC"
    while IFS=$'\t' read -r uid rel size hash; do
        n=$((n + 1))
        verify_asset "$uid" "$rel" "$size" "$hash" || bad=$((bad + 1))
    done < <(list_assets)

    (( n > 0 )) || fail "no assets found in packing lists"
    (( bad == 0 )) || fail "$bad of $n asset(s) failed verification"

    name=$(package_name | tr -c 'A-Za-z0-9_.-' '_')
    dest="$LIBRARY/$name"
    mkdir -p "$dest"
    log "copying $n asset(s) to $dest"
    cp -a "$SRC"/. "$dest"/
    log "ingest complete: $name"
}

main
