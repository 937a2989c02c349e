#!/usr/bin/env bash
# dcp_ingest_mount.sh - find a DCP delivery drive, mount it read-only,
# verify the package and copy it into the local library.
#
# Looks for a block device whose filesystem label matches DCP_LABEL_RE
# (distributors label CRU drives e.g. "DCP_0457" or "FEATURE-2"), mounts it
# at MOUNT_POINT, checks the size and SHA-1 of every asset in the PKLs, and
# only copies the package into ./library/<package> when everything matches.
#
# Usage: dcp_ingest_mount.sh [library-dir]

set -euo pipefail

LIBRARY="${1:-./library}"
LOGFILE="./ingest.log"
MOUNT_POINT="${MOUNT_POINT:-/mnt/dcp_ingest}"
DCP_LABEL_RE="${DCP_LABEL_RE:-^(DCP|FEATURE|TRAILER)}"
SRC="$MOUNT_POINT"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOGFILE" >&2; }
fail() { log "FAIL: $*"; exit 1; }

command -v openssl >/dev/null || fail "openssl not found"
command -v lsblk >/dev/null || fail "lsblk not found"

find_drive() {
    lsblk -rno NAME,LABEL,FSTYPE | while read -r dev label fstype; do
        [[ -n "${label:-}" && -n "${fstype:-}" ]] || continue
        if [[ "$label" =~ $DCP_LABEL_RE ]]; then
            echo "$dev $fstype"
            return 0
        fi
    done
}

mount_drive() {
    local dev="$1" fstype="$2"
    sudo mkdir -p "$MOUNT_POINT"
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted, unmounting first"
        sudo umount "$MOUNT_POINT"
    fi
    log "mounting /dev/$dev ($fstype) on $MOUNT_POINT"
    sudo mount -t "$fstype" -o ro,noexec,nodev,nosuid "/dev/$dev" "$MOUNT_POINT"
    trap 'sudo umount "$MOUNT_POINT" 2>/dev/null || true' EXIT
}

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
    local bad=0 n=0 name dest drive
    drive=$(find_drive)
    [[ -n "$drive" ]] || fail "no drive with a label matching $DCP_LABEL_RE"
    # shellcheck disable=SC2086
    mount_drive $drive

    ASSETMAP="$SRC/ASSETMAP.xml"
    [[ -f "$ASSETMAP" ]] || ASSETMAP="$SRC/ASSETMAP"
    [[ -f "$ASSETMAP" ]] || fail "no ASSETMAP on drive"

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
