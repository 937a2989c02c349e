#!/usr/bin/env bash
# Mount the research PACS export share read-only and index the imaging studies.
#
# The radiology research archive exports de-identified DICOM studies over NFS.
# This script mounts the export, walks the study folders with an embedded
# Python indexer (paths passed via environment variables), writes
# ./pacs_index.csv for the imaging cohort builder, and unmounts on exit.
set -euo pipefail

NFS_SERVER="192.0.2.40"
NFS_EXPORT="/export/research_pacs"
MOUNT_POINT="/mnt/research_pacs"
INDEX_OUT="./pacs_index.csv"
MODALITIES="MR CT US"
KEEP_MOUNTED=0
LOG_FILE="./pacs_mount.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }

usage() {
    cat <<EOF
usage: $0 [-s server] [-e export] [-m mountpoint] [-o index.csv] [-M "MR CT"] [-k]
  -k   keep the share mounted after indexing
EOF
}

while getopts "s:e:m:o:M:kh" opt; do
    case "$opt" in
        s) NFS_SERVER="$OPTARG" ;;
        e) NFS_EXPORT="$OPTARG" ;;
        m) MOUNT_POINT="$OPTARG" ;;
        o) INDEX_OUT="$OPTARG" ;;
        M) MODALITIES="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

mounted_here=0
unmount_share() {
    if [[ "$mounted_here" -eq 1 && "$KEEP_MOUNTED" -eq 0 ]]; then
        log "unmounting $MOUNT_POINT"
        sudo umount "$MOUNT_POINT" || log "umount failed; check for open handles"
    fi
}
trap unmount_share EXIT

ensure_mounted() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    sudo mkdir -p "$MOUNT_POINT"
    log "mounting $NFS_SERVER:$NFS_EXPORT on $MOUNT_POINT (ro)"
    sudo mount -t nfs -o ro,nosuid,nodev,vers=4.1,soft,timeo=150 \
        "$NFS_SERVER:$NFS_EXPORT" "$MOUNT_POINT"
    mounted_here=1
}

ensure_mounted

log "indexing studies for modalities: $MODALITIES"
PACS_ROOT="$MOUNT_POINT" PACS_MODALITIES="$MODALITIES" python3 - > "$INDEX_OUT.part" <<'PY'
import csv
import os
import sys

root = os.environ["PACS_ROOT"]
wanted = set(os.environ["PACS_MODALITIES"].split())
writer = csv.writer(sys.stdout)
writer.writerow(["study_uid", "modality", "series_count", "instance_count", "bytes", "path"])

studies = 0
# Layout: <root>/<modality>/<study_uid>/<series_uid>/*.dcm
for modality in sorted(os.listdir(root)):
    if modality not in wanted:
        continue
    mod_dir = os.path.join(root, modality)
    for study_uid in sorted(os.listdir(mod_dir)):
        study_dir = os.path.join(mod_dir, study_uid)
        if not os.path.isdir(study_dir):
            continue
        series = instances = size = 0
        for series_uid in os.listdir(study_dir):
            series_dir = os.path.join(study_dir, series_uid)
            if not os.path.isdir(series_dir):
                continue
            series += 1
            for name in os.listdir(series_dir):
                if name.endswith(".dcm"):
                    instances += 1
                    size += os.path.getsize(os.path.join(series_dir, name))
        writer.writerow([study_uid, modality, series, instances, size, study_dir])
        studies += 1
print(f"indexed {studies} studies", file=sys.stderr)
PY
mv "$INDEX_OUT.part" "$INDEX_OUT"

total="$(($(wc -l < "$INDEX_OUT") - 1))"
log "wrote $INDEX_OUT with $total studies"
