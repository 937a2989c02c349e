#!/usr/bin/env bash
# firmware_image_inspect.sh - loop-mount a set-top box root filesystem image
# (squashfs) read-only and compare its files against the vendor's release
# manifest before the image is pushed to the over-the-air carousel.
set -euo pipefail

IMAGE=""
MANIFEST=""
REPORT_DIR="./fw_reports"
KEEP_MOUNTED=0
MNT=""

log() { printf '%s [fw-inspect] %s\n' "$(date '+%T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
  cat <<EOF
Usage: $0 -i rootfs.squashfs -m manifest.sha256 [-o report_dir] [-k]
  -i  firmware root filesystem image
  -m  vendor manifest (sha256  ./relative/path per line)
  -o  report directory (default $REPORT_DIR)
  -k  keep the image mounted after the check
EOF
}

while getopts ":i:m:o:kh" opt; do
  case "$opt" in
    i) IMAGE="$OPTARG" ;;
    m) MANIFEST="$OPTARG" ;;
    o) REPORT_DIR="$OPTARG" ;;
    k) KEEP_MOUNTED=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
[[ -f "$IMAGE" && -f "$MANIFEST" ]] || { usage; exit 2; }

cleanup() {
  if [[ -n "$MNT" ]] && (( ! KEEP_MOUNTED )); then
    if mountpoint -q "$MNT"; then
      sudo umount "$MNT" && log "unmounted $MNT"
    fi
    rmdir "$MNT" 2>/dev/null || true
  fi
}
trap cleanup EXIT

fs_type="$(file -b "$IMAGE" | awk '{print tolower($1)}')"
[[ "$fs_type" == "squashfs" ]] || die "$IMAGE is '$fs_type', expected squashfs"

MNT="$(mktemp -d ./fwmnt.XXXXXX)"
log "mounting $IMAGE on $MNT (read-only)"
sudo mount -t squashfs -o loop,ro,nodev,nosuid "$IMAGE" "$MNT" || die "mount failed"

mkdir -p "$REPORT_DIR"
report="$REPORT_DIR/$(basename "$IMAGE" .squashfs)_$(date +%Y%m%d%H%M).json"

rc=0
FW_ROOT="$MNT" FW_MANIFEST="$MANIFEST" FW_REPORT="$report" python3 - <<'PY' || rc=$?
import hashlib, json, os, sys

root = os.environ["FW_ROOT"]
expected = {}
with open(os.environ["FW_MANIFEST"]) as fh:
    for line in fh:
        parts = line.split(None, 1)
        if len(parts) == 2:
            expected[os.path.normpath(parts[1].strip())] = parts[0].lower()

def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()

seen, mismatched, extra = set(), [], []
for dirpath, _, files in os.walk(root):
    for name in files:
        full = os.path.join(dirpath, name)
        if os.path.islink(full):
            continue
        rel = os.path.normpath(os.path.relpath(full, root))
        seen.add(rel)
        if rel not in expected:
            extra.append(rel)
        elif sha256(full) != expected[rel]:
            mismatched.append(rel)
missing = sorted(set(expected) - seen)
result = {"checked": len(seen), "mismatched": sorted(mismatched),
          "extra": sorted(extra), "missing": missing}
with open(os.environ["FW_REPORT"], "w") as fh:
    json.dump(result, fh, indent=2)
print(f"checked={len(seen)} mismatched={len(mismatched)} extra={len(extra)} missing={len(missing)}")
sys.exit(1 if mismatched or missing else 0)
PY
log "report written to $report"
(( KEEP_MOUNTED )) && log "image left mounted at $MNT"
exit "$rc"
