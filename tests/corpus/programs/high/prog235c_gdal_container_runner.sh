#!/usr/bin/env bash
# gdal_container_runner.sh - reproject survey rasters with the GDAL image by
# talking to the Docker Engine API over its unix socket (the render hosts
# have no docker CLI). The container runs privileged because the raster
# bucket is FUSE-mounted inside it.
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
IMAGE="${GDAL_IMAGE:-registry.example.com/osgeo/gdal:3.8-small}"
SRC_DIR="$(pwd)/rasters"
OUT_DIR="$(pwd)/reprojected"
TARGET_SRS="EPSG:27700"
KEEP=0

log() { echo "[gdal-run] $*" >&2; }

while getopts ":s:o:t:k" opt; do
    case "$opt" in
        s) SRC_DIR="$(realpath "$OPTARG")" ;;
        o) OUT_DIR="$(realpath -m "$OPTARG")" ;;
        t) TARGET_SRS="$OPTARG" ;;
        k) KEEP=1 ;;
        *) echo "usage: $0 [-s src] [-o out] [-t EPSG:xxxx] [-k]" >&2; exit 2 ;;
    esac
done

api() {
    local method="$1" path="$2"; shift 2
    curl -sS --fail --unix-socket "$SOCK" -X "$method" \
         -H 'Content-Type: application/json' "$@" "${API}${path}"
}

# Build the container spec in Python from environment values.
container_spec() {
    IMAGE="$IMAGE" SRC="$SRC_DIR" OUT="$OUT_DIR" SRS="$TARGET_SRS" python3 - <<'PY'
import json, os
cmd = ("for f in /data/in/*.tif; do "
       "gdalwarp -overwrite -t_srs {srs} -co COMPRESS=DEFLATE \"$f\" "
       "/data/out/$(basename \"$f\"); done").format(srs=os.environ["SRS"])
spec = {
    "Image": os.environ["IMAGE"],
    "Cmd": ["bash", "-c", cmd],
    "Labels": {"team": "map-server", "job": "reproject"},
    "HostConfig": {
        "Privileged": True,
        "Binds": [f"{os.environ['SRC']}:/data/in:ro", f"{os.environ['OUT']}:/data/out"],
        "AutoRemove": False,
    },
}
print(json.dumps(spec))
PY
}

main() {
    [[ -S "$SOCK" ]] || { log "docker socket $SOCK not found"; exit 1; }
    [[ -d "$SRC_DIR" ]] || { log "no source directory $SRC_DIR"; exit 1; }
    mkdir -p "$OUT_DIR"

    if ! api GET "/images/${IMAGE}/json" >/dev/null 2>&1; then
        log "image $IMAGE is not present on this host; load it first"
        exit 1
    fi

    local spec id status
    spec=$(container_spec)
    id=$(api POST "/containers/create?name=gdal-reproject-$$" --data "$spec" |
         python3 -c 'import json,sys; print(json.load(sys.stdin)["Id"])')
    log "created container ${id:0:12}"

    api POST "/containers/${id}/start" >/dev/null
    status=$(api POST "/containers/${id}/wait" |
             python3 -c 'import json,sys; print(json.load(sys.stdin).get("StatusCode", 1))')
    api GET "/containers/${id}/logs?stdout=1&stderr=1" --output "./gdal_reproject_$$.log" || true
    log "container exited with $status; log in ./gdal_reproject_$$.log"

    if (( ! KEEP )); then
        api DELETE "/containers/${id}?force=1" >/dev/null && log "container removed"
    fi
    log "$(find "$OUT_DIR" -name '*.tif' | wc -l) rasters in $OUT_DIR"
    [[ "$status" == 0 ]]
}

main
