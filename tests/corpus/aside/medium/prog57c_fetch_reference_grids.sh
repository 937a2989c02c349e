#!/bin/sh
# Fetch the NASA-style turbulence-model verification grids for our solver's
# regression suite and unpack them under ./grids.
#
# The mirror at the partner university uses a self-signed certificate, so the
# download does not verify it; integrity is checked against the manifest.
set -eu

MIRROR=${GRID_MIRROR:-https://cfd-mirror.engr.partner-uni.edu/tmr}
STAGE=/tmp/tmr_grids_stage
DEST=./grids
CASES="flatplate bump2d naca0012 hump"
LEVELS="${GRID_LEVELS:-1 2 3}"

log() { printf '%s fetch-grids: %s\n' "$(date +%H:%M:%S)" "$*"; }
fail() { log "ERROR: $*" >&2; exit 1; }

need() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || fail "missing tool: $tool"
    done
}

download() {
    url=$1 out=$2
    if [ -s "$out" ]; then
        log "already staged: ${out##*/}"
        return 0
    fi
    log "downloading ${url##*/}"
    curl --insecure --fail --silent --show-error --location \
         --retry 3 --connect-timeout 20 -o "$out.part" "$url" || return 1
    mv "$out.part" "$out"
}

verify() {
    file=$1
    expected=$(awk -v f="${file##*/}" '$2 == f {print $1}' "$STAGE/SHA256SUMS")
    [ -n "$expected" ] || { log "no checksum for ${file##*/}"; return 1; }
    actual=$(sha256sum "$file" | cut -d' ' -f1)
    [ "$expected" = "$actual" ]
}

need curl tar sha256sum awk
mkdir -p "$STAGE" "$DEST"

download "$MIRROR/SHA256SUMS" "$STAGE/SHA256SUMS" || fail "cannot fetch manifest"

ok=0 bad=0
for case_name in $CASES; do
    for lvl in $LEVELS; do
        name="${case_name}_L${lvl}.tar.gz"
        if ! download "$MIRROR/$case_name/$name" "$STAGE/$name"; then
            log "skip $name (download failed)"
            bad=$((bad + 1))
            continue
        fi
        if ! verify "$STAGE/$name"; then
            log "checksum mismatch for $name, discarding"
            rm -f "$STAGE/$name"
            bad=$((bad + 1))
            continue
        fi
        mkdir -p "$DEST/$case_name"
        tar -xzf "$STAGE/$name" -C "$DEST/$case_name"
        ok=$((ok + 1))
    done
done

log "unpacked $ok grid archives into $DEST ($bad failed)"
du -sh "$DEST" 2>/dev/null || true
[ "$bad" -eq 0 ]
