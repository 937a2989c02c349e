#!/usr/bin/env bash
# Snapshot the named volumes of my self-hosted notes/calendar stack
# (joplin-server, radicale, paperless) into ./archives as tar.zst files.
# A helper container is given the Docker socket so it can pause and
# resume the stack's containers around the copy.
set -euo pipefail

STACK_LABEL="com.docker.compose.project=homeapps"
VOLUMES=(homeapps_joplin_db homeapps_radicale_data homeapps_paperless_media)
ARCHIVE_DIR="$(pwd)/archives"
HELPER_IMAGE="docker:26-cli"
KEEP_DAYS=21

log() { echo "[$(date +%H:%M:%S)] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep-days) KEEP_DAYS="$2"; shift 2 ;;
        --volume) VOLUMES+=("$2"); shift 2 ;;
        --only) VOLUMES=("$2"); shift 2 ;;
        -h|--help)
            echo "usage: ${0##*/} [--keep-days N] [--volume NAME]... [--only NAME]"
            exit 0 ;;
        *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

command -v docker >/dev/null || { echo "docker is required" >&2; exit 1; }
mkdir -p "$ARCHIVE_DIR"
stamp=$(date +%Y%m%d-%H%M)

# Build the volume mount arguments for the helper
mounts=()
for v in "${VOLUMES[@]}"; do
    if docker volume inspect "$v" >/dev/null 2>&1; then
        mounts+=(-v "$v:/data/$v:ro")
    else
        log "volume $v not found, skipping"
    fi
done
[ ${#mounts[@]} -gt 0 ] || { log "nothing to back up"; exit 0; }

log "pausing stack, snapshotting ${#mounts[@]} volume(s)"
docker run --rm \
    --name "snapshot-$stamp" \
    -v /var/run/docker.sock:/var/run/docker.sock \
    -v "$ARCHIVE_DIR:/archives" \
    "${mounts[@]}" \
    -e STACK_LABEL="$STACK_LABEL" \
    -e STAMP="$stamp" \
    "$HELPER_IMAGE" sh -euc '
        apk add --no-cache zstd tar >/dev/null
        ids=$(docker ps -q --filter "label=$STACK_LABEL")
        [ -n "$ids" ] && docker pause $ids >/dev/null
        trap "[ -n \"$ids\" ] && docker unpause $ids >/dev/null" EXIT
        for d in /data/*; do
            name=$(basename "$d")
            tar -C "$d" -cf - . | zstd -q -T0 -o "/archives/${name}_${STAMP}.tar.zst"
            echo "archived $name"
        done
    '

log "pruning archives older than $KEEP_DAYS days"
find "$ARCHIVE_DIR" -maxdepth 1 -name '*.tar.zst' -mtime +"$KEEP_DAYS" -print -delete

log "current archives:"
ls -lh "$ARCHIVE_DIR" | tail -n +2
