#!/usr/bin/env bash
# Mount the X-ray archive.
# Older panoramic and cephalometric images live on the NAS. When a patient
# asks for their old X-rays, the front desk runs this to mount the archive
# read-only, look up the patient's folder and copy the images into the
# working directory, then unmounts again.
set -euo pipefail

NAS_EXPORT="${NAS_EXPORT:-198.51.100.20:/export/xray-archive}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/xray-archive}"
OUT_DIR="${OUT_DIR:-./xray-requests}"
KEEP_MOUNTED=0
PATIENT_ID=""

usage() {
    echo "usage: $0 -p PATIENT_ID [-o OUT_DIR] [-k]"
    echo "  -k  keep the archive mounted afterwards"
}

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":p:o:kh" opt; do
    case "$opt" in
        p) PATIENT_ID="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ -n "$PATIENT_ID" ]] || { usage; exit 1; }
[[ "$PATIENT_ID" =~ ^[A-Z0-9-]{3,20}$ ]] || { log "invalid patient id"; exit 1; }

is_mounted() {
    MP="$MOUNT_POINT" python3 -c '
import os, sys
mp = os.path.realpath(os.environ["MP"])
with open("/proc/mounts") as fh:
    sys.exit(0 if any(line.split()[1] == mp for line in fh) else 1)
'
}

mount_archive() {
    if is_mounted; then
        log "archive already mounted at $MOUNT_POINT"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $NAS_EXPORT on $MOUNT_POINT (read-only)"
    sudo mount -t nfs -o ro,soft,timeo=50,nosuid,nodev "$NAS_EXPORT" "$MOUNT_POINT"
}

unmount_archive() {
    if [[ "$KEEP_MOUNTED" -eq 0 ]] && is_mounted; then
        sudo umount "$MOUNT_POINT" && log "archive unmounted"
    fi
}

find_patient_dir() {
    # archive layout: <first letter of id>/<id>/<study date>/*.dcm
    local first="${PATIENT_ID:0:1}"
    local dir="$MOUNT_POINT/$first/$PATIENT_ID"
    [[ -d "$dir" ]] && echo "$dir"
}

copy_studies() {
    local src="$1" dest="$OUT_DIR/$PATIENT_ID"
    mkdir -p "$dest"
    local count
    count="$(find "$src" -type f \( -name '*.dcm' -o -name '*.jpg' \) | tee "$dest/manifest.txt" | wc -l)"
    while IFS= read -r f; do
        rel="${f#"$src"/}"
        mkdir -p "$dest/$(dirname "$rel")"
        cp -p "$f" "$dest/$rel"
    done <"$dest/manifest.txt"
    log "copied $count files to $dest"
}

trap unmount_archive EXIT

mount_archive
if patient_dir="$(find_patient_dir)"; then
    copy_studies "$patient_dir"
else
    log "no archive folder for patient $PATIENT_ID"
    exit 2
fi
