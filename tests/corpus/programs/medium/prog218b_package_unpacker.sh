#!/usr/bin/env bash
# package_unpacker.sh - unpack incoming translation packages from clients.
#
# Clients drop .tar.gz packages (source files, reference material, project
# settings) into ./incoming. Each package is checksummed, unpacked into
# ./projects/<package-name>/ and moved to ./incoming/done.
set -uo pipefail

INCOMING="${INCOMING:-./incoming}"
PROJECTS="${PROJECTS:-./projects}"
DONE_DIR="$INCOMING/done"
FAILED_DIR="$INCOMING/failed"
LOG="./unpacker.log"
KEEP_ARCHIVES=1

log() { printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --incoming) INCOMING="$2"; shift 2 ;;
        --projects) PROJECTS="$2"; shift 2 ;;
        --delete-archives) KEEP_ARCHIVES=0; shift ;;
        -h|--help) echo "usage: $0 [--incoming DIR] [--projects DIR] [--delete-archives]"; exit 0 ;;
        *) log ERROR "unknown option $1"; exit 1 ;;
    esac
done

mkdir -p "$PROJECTS" "$DONE_DIR" "$FAILED_DIR"

unpack() {
    # python's tarfile handles the odd archives some CAT tools produce
    PKG="$1" DEST="$2" python3 - <<'PY'
import os
import sys
import tarfile

pkg = os.environ["PKG"]
dest = os.environ["DEST"]
try:
    with tarfile.open(pkg, "r:*") as tar:
        members = tar.getmembers()
        tar.extractall(dest)
except (tarfile.TarError, OSError) as exc:
    print(f"error: {exc}", file=sys.stderr)
    sys.exit(1)
files = sum(1 for m in members if m.isfile())
print(files)
PY
}

shopt -s nullglob
packages=("$INCOMING"/*.tar.gz "$INCOMING"/*.tgz)
if (( ${#packages[@]} == 0 )); then
    log INFO "no packages waiting in $INCOMING"
    exit 0
fi

ok=0
bad=0
for pkg in "${packages[@]}"; do
    base="$(basename "$pkg")"
    name="${base%.tar.gz}"
    name="${name%.tgz}"
    dest="$PROJECTS/$name"
    sum="$(sha256sum "$pkg" | cut -d' ' -f1)"
    if [[ -d "$dest" ]]; then
        log WARN "$dest exists, unpacking into it again"
    fi
    mkdir -p "$dest"
    if count="$(unpack "$pkg" "$dest" 2>>"$LOG")"; then
        echo "$sum  $base" >> "$dest/PACKAGE.sha256"
        log INFO "$base: $count file(s) -> $dest"
        if (( KEEP_ARCHIVES )); then
            mv "$pkg" "$DONE_DIR/"
        else
            rm -f "$pkg"
        fi
        ok=$((ok + 1))
    else
        log ERROR "$base could not be unpacked"
        mv "$pkg" "$FAILED_DIR/"
        bad=$((bad + 1))
    fi
done

log INFO "$ok package(s) unpacked, $bad failed"
(( bad == 0 ))
