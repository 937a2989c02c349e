#!/bin/sh
# Snapshot named Docker volumes and upload each tarball to an S3 presigned URL.
# URLs are produced by the backup service and stored one per line in
# ./presigned/<volume>.url. Runs a helper container that needs the engine API.
set -eu

HELPER_IMAGE="${HELPER_IMAGE:-docker:27-cli}"
URL_DIR="${URL_DIR:-./presigned}"
OUT_DIR="${OUT_DIR:-./snapshots}"
LABEL_FILTER="${LABEL_FILTER:-backup=nightly}"

say() { echo "[snapshot] $*"; }

list_volumes() {
    docker volume ls -q --filter "label=${LABEL_FILTER}"
}

snapshot_volume() {
    vol="$1"
    stamp="$(date +%Y%m%dT%H%M%S)"
    archive="${vol}-${stamp}.tar.gz"
    say "pausing containers that use ${vol}"
    users="$(docker ps -q --filter "volume=${vol}")"
    [ -n "$users" ] && docker pause $users >/dev/null

    # helper talks to the engine through the socket and reads the volume
    # with full device access so that hard-linked and special files survive
    docker run --rm --privileged \
        -v /var/run/docker.sock:/var/run/docker.sock \
        -v "${vol}:/src:ro" \
        -v "$(pwd)/${OUT_DIR}:/out" \
        "$HELPER_IMAGE" \
        sh -c "tar -C /src --numeric-owner -czpf /out/${archive} . && docker volume inspect ${vol} > /out/${vol}-${stamp}.json" \
        || { [ -n "$users" ] && docker unpause $users >/dev/null; return 1; }

    [ -n "$users" ] && docker unpause $users >/dev/null
    echo "$archive"
}

upload_archive() {
    vol="$1"
    archive="$2"
    url_file="${URL_DIR}/${vol}.url"
    if [ ! -s "$url_file" ]; then
        say "no presigned URL for ${vol}, keeping ${archive} locally"
        return 0
    fi
    url="$(head -n1 "$url_file")"
    say "uploading ${archive}"
    curl -fsS --retry 3 --max-time 900 \
        -H "Content-Type: application/gzip" \
        -T "${OUT_DIR}/${archive}" "$url"
    rm -f "$url_file"
}

main() {
    command -v docker >/dev/null 2>&1 || { say "docker CLI missing"; exit 2; }
    mkdir -p "$OUT_DIR"
    vols="$(list_volumes)"
    if [ -z "$vols" ]; then
        say "no volumes labelled ${LABEL_FILTER}"
        exit 0
    fi
    failures=0
    for v in $vols; do
        if archive="$(snapshot_volume "$v" | tail -n1)"; then
            upload_archive "$v" "$archive" || failures=$((failures + 1))
        else
            say "snapshot of ${v} failed"
            failures=$((failures + 1))
        fi
    done
    find "$OUT_DIR" -name '*.tar.gz' -mtime +7 -delete
    say "finished with ${failures} failure(s)"
    [ "$failures" -eq 0 ]
}

main "$@"
