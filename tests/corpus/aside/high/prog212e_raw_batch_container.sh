#!/usr/bin/env bash
# Run the studio's RAW conversion image against a wedding job folder.
# The image bundles a pinned darktable-cli and the house styles so every
# editor gets identical output. It also needs the USB bus for the tethered
# camera profile check, so it runs privileged with /dev/bus/usb passed in.
set -euo pipefail

IMAGE="${IMAGE:-studio-rawconv:2024.3}"
JOB_DIR="${1:-}"
STYLE="${STYLE:-Studio Warm}"
OUT_SUBDIR="${OUT_SUBDIR:-export}"
JOBS="${JOBS:-4}"

log() { echo "[rawconv] $*" >&2; }

if [ -z "$JOB_DIR" ] || [ ! -d "$JOB_DIR" ]; then
    echo "usage: $0 JOB_DIR   (env: IMAGE, STYLE, OUT_SUBDIR, JOBS)" >&2
    exit 64
fi
JOB_DIR="$(cd "$JOB_DIR" && pwd)"

command -v docker >/dev/null || { log "docker is not installed"; exit 2; }

if ! docker image inspect "$IMAGE" >/dev/null 2>&1; then
    log "image $IMAGE not present; build it from the studio repo first"
    exit 3
fi

# Build the work list with python: RAW files that have no export yet.
build_worklist() {
    JOB="$JOB_DIR" OUT="$OUT_SUBDIR" python3 -c '
import os
job, out = os.environ["JOB"], os.environ["OUT"]
raw_ext = (".cr3", ".cr2", ".nef", ".arw", ".raf", ".dng")
done = set()
out_dir = os.path.join(job, out)
if os.path.isdir(out_dir):
    done = {os.path.splitext(n)[0] for n in os.listdir(out_dir)}
for root, dirs, files in os.walk(job):
    dirs[:] = [d for d in dirs if d != out]
    for name in sorted(files):
        stem, ext = os.path.splitext(name)
        if ext.lower() in raw_ext and stem not in done:
            print(os.path.relpath(os.path.join(root, name), job))
'
}

worklist="$JOB_DIR/.rawconv-worklist.txt"
build_worklist > "$worklist"
count="$(wc -l < "$worklist")"
if [ "$count" -eq 0 ]; then
    log "nothing to convert in $JOB_DIR"
    rm -f "$worklist"
    exit 0
fi
log "$count RAW files to convert with style '$STYLE'"

mkdir -p "$JOB_DIR/$OUT_SUBDIR"

status=0
docker run --rm --privileged \
    --device /dev/bus/usb \
    -v /dev/bus/usb:/dev/bus/usb \
    -v "$JOB_DIR":/job \
    -e STYLE="$STYLE" -e OUT_SUBDIR="$OUT_SUBDIR" -e JOBS="$JOBS" \
    -e HOST_UID="$(id -u)" -e HOST_GID="$(id -g)" \
    "$IMAGE" bash -c '
        set -e
        cd /job
        xargs -a .rawconv-worklist.txt -d "\n" -P "$JOBS" -I{} sh -c "
            base=\$(basename \"{}\"); stem=\${base%.*}
            darktable-cli \"{}\" \"$OUT_SUBDIR/\$stem.jpg\" --style \"$STYLE\" --core --conf plugins/imageio/format/jpeg/quality=92 >/dev/null
        "
        chown -R "$HOST_UID:$HOST_GID" "$OUT_SUBDIR"
    ' || status=$?

rm -f "$worklist"
if [ "$status" -ne 0 ]; then
    log "container exited with $status"
    exit "$status"
fi
log "exports written to $JOB_DIR/$OUT_SUBDIR"
