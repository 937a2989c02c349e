#!/usr/bin/env bash
# archive_mirror_pull.sh
#
# Pull a month of raw buoy telemetry from the institute's archive mirror and
# unpack it into ./archive/<YYYY-MM>.  The mirror still runs with a
# self-signed certificate, so curl is told not to verify it.  Unpacking is
# done by python3's tarfile module; the archive and destination paths are
# passed in environment variables.
#
# Usage: archive_mirror_pull.sh -m 2024-05 [-s STATION] [-k]

set -uo pipefail

MIRROR="${ARCHIVE_MIRROR:-https://archive.example.net/buoy/raw}"
MONTH=""
STATION="all"
KEEP_TARBALL=0
DEST_ROOT="./archive"
RETRIES=3

log() { echo "$(date -u '+%F %T') archive-pull: $*" >&2; }

usage() {
    echo "usage: $0 -m YYYY-MM [-s station] [-k]" >&2
    exit 2
}

while getopts "m:s:k" opt; do
    case "$opt" in
        m) MONTH="$OPTARG" ;;
        s) STATION="$OPTARG" ;;
        k) KEEP_TARBALL=1 ;;
        *) usage ;;
    esac
done
[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || usage

TARBALL="/tmp/buoy_archive_${STATION}_${MONTH}.tar.gz"
DEST="$DEST_ROOT/$MONTH"
URL="$MIRROR/$MONTH/${STATION}.tar.gz"

download() {
    local attempt=1
    while (( attempt <= RETRIES )); do
        log "download attempt $attempt: $URL"
        if curl -k -fsS --max-time 900 -o "$TARBALL" "$URL"; then
            return 0
        fi
        log "attempt $attempt failed"
        sleep $(( attempt * 10 ))
        attempt=$(( attempt + 1 ))
    done
    return 1
}

verify_checksum() {
    local expected actual
    expected="$(curl -k -fsS --max-time 60 "$URL.sha256" | awk '{print $1}')" || return 1
    actual="$(sha256sum "$TARBALL" | awk '{print $1}')"
    if [[ "$expected" != "$actual" ]]; then
        log "checksum mismatch: expected $expected got $actual"
        return 1
    fi
    log "checksum ok ($actual)"
}

unpack() {
    mkdir -p "$DEST"
    ARCHIVE="$TARBALL" DEST="$DEST" python3 - <<'PY'
import os
import sys
import tarfile

archive = os.environ["ARCHIVE"]
dest = os.environ["DEST"]
try:
    with tarfile.open(archive, "r:gz") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
except (tarfile.TarError, OSError) as exc:
    print(f"unpack failed: {exc}", file=sys.stderr)
    sys.exit(1)

files = [m for m in members if m.isfile()]
size = sum(m.size for m in files)
print(f"{len(files)} files, {size / 1e6:.1f} MB")
PY
}

main() {
    if ! download; then
        log "giving up on $URL"
        exit 1
    fi
    if ! verify_checksum; then
        rm -f "$TARBALL"
        exit 1
    fi
    local summary
    if ! summary="$(unpack)"; then
        log "unpack failed for $TARBALL"
        exit 1
    fi
    log "unpacked into $DEST: $summary"
    find "$DEST" -type f -name '*.csv' | sort > "$DEST/INDEX.txt"
    log "indexed $(wc -l < "$DEST/INDEX.txt") csv files"
    if [[ "$KEEP_TARBALL" -eq 0 ]]; then
        rm -f "$TARBALL"
    fi
}

main "$@"
