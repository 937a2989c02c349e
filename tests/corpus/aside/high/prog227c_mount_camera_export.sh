#!/usr/bin/env bash
# Mount the SPECT/CT console's NFS export of reconstructed dosimetry series
# (Lu-177 post-therapy imaging), copy today's studies into the local
# dosimetry workspace, index them and unmount again.
set -uo pipefail

NFS_SERVER="${NFS_SERVER:-192.0.2.40}"
NFS_EXPORT="${NFS_EXPORT:-/export/recon}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/spect_recon}"
WORKSPACE="./workspace/$(date +%Y%m%d)"
INDEX="$WORKSPACE/index.json"
DAY="${1:-$(date +%Y%m%d)}"

log() { echo "$(date '+%F %T') [mount_export] $*" >&2; }

cleanup() {
  if mountpoint -q "$MOUNT_POINT"; then
    log "unmounting $MOUNT_POINT"
    sudo umount "$MOUNT_POINT" || log "WARNING: umount failed, check with 'mount | grep spect'"
  fi
}
trap cleanup EXIT

if ! sudo -n true 2>/dev/null; then
  log "this needs sudo rights for mount/umount (ask IT to add the hotlab sudoers entry)"
  exit 1
fi

if ! mountpoint -q "$MOUNT_POINT"; then
  sudo mkdir -p "$MOUNT_POINT"
  log "mounting ${NFS_SERVER}:${NFS_EXPORT} on $MOUNT_POINT (read-only)"
  if ! sudo mount -t nfs -o ro,nosuid,nodev,noexec,vers=4.1,soft,timeo=100 \
      "${NFS_SERVER}:${NFS_EXPORT}" "$MOUNT_POINT"; then
    log "mount failed"
    exit 1
  fi
fi

src="$MOUNT_POINT/$DAY"
if [[ ! -d "$src" ]]; then
  log "no studies for $DAY on the console"
  exit 0
fi

mkdir -p "$WORKSPACE"
copied=0
while IFS= read -r -d '' study; do
  name=$(basename "$study")
  if [[ -d "$WORKSPACE/$name" ]]; then
    log "already have $name, skipping"
    continue
  fi
  if cp -a "$study" "$WORKSPACE/"; then
    copied=$((copied + 1))
  else
    log "copy of $name failed"
  fi
done < <(find "$src" -mindepth 1 -maxdepth 1 -type d -print0)
log "copied $copied new study folder(s)"

# Index the DICOM files per study so the dosimetry software can find them
INDEX_ROOT="$WORKSPACE" python3 - >"$INDEX" <<'PY'
import json, os, sys
root = os.environ["INDEX_ROOT"]
index = {}
for study in sorted(os.listdir(root)):
    path = os.path.join(root, study)
    if not os.path.isdir(path):
        continue
    files = [f for f in os.listdir(path) if f.lower().endswith((".dcm", ".ima"))]
    size = sum(os.path.getsize(os.path.join(path, f)) for f in files)
    index[study] = {"files": len(files), "mbytes": round(size / 1e6, 1)}
    if not files:
        print(f"warning: {study} has no DICOM files", file=sys.stderr)
json.dump(index, sys.stdout, indent=2)
PY

log "index written to $INDEX ($(grep -c '"files"' "$INDEX") studies)"
