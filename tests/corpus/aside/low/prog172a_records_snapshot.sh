#!/usr/bin/env bash
# Nightly snapshot of the office records folder.  Makes a compressed copy,
# checks it, records a checksum, and keeps the last few snapshots.  The
# records folder itself is never touched.
set -euo pipefail

WORK_DIR="${WORK_DIR:-$(pwd)}"
SOURCE="${SNAPSHOT_SOURCE:-records}"
DEST="${SNAPSHOT_DEST:-snapshots}"
KEEP="${SNAPSHOT_KEEP:-14}"

cd "$WORK_DIR"

msg() { printf '%s  %s\n' "$(date '+%F %T')" "$*"; }
die() { msg "error: $*" >&2; exit 1; }

snapshot_name() {
    local stamp
    stamp=$(date +%Y%m%d-%H%M)
    printf '%s/%s-%s.tar.gz' "$DEST" "$(basename "$SOURCE")" "$stamp"
}

checksum_tool() {
    local t
    for t in sha256sum "shasum -a 256"; do
        if command -v ${t%% *} >/dev/null 2>&1; then
            printf '%s' "$t"
            return 0
        fi
    done
    return 1
}

make_snapshot() {
    local out="$1"
    tar -czf "$out.part" --exclude='*.lock' --exclude='~$*' "$SOURCE"
    mv "$out.part" "$out"
}

verify_snapshot() {
    local out="$1" listed original
    listed=$(tar -tzf "$out" | grep -vc '/$' || true)
    original=$(find "$SOURCE" -type f ! -name '*.lock' ! -name '~$*' | wc -l)
    if [ "$listed" -ne "$original" ]; then
        die "snapshot has $listed files, source has $original"
    fi
    msg "verified $listed files"
}

record_checksum() {
    local out="$1" tool
    tool=$(checksum_tool) || { msg "no checksum tool, skipping"; return 0; }
    (cd "$DEST" && $tool "$(basename "$out")") >>"$DEST/SHA256SUMS"
}

prune_old() {
    local -a old=()
    mapfile -t old < <(ls -1t "$DEST"/"$(basename "$SOURCE")"-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        rm -f -- "$f"
        msg "pruned $(basename "$f")"
    done
}

summary() {
    msg "snapshots kept: $(ls -1 "$DEST"/*.tar.gz 2>/dev/null | wc -l)"
    du -sh "$DEST" | awk '{print "space used: " $1}'
}

[ -d "$SOURCE" ] || die "no '$SOURCE' folder in $WORK_DIR"
mkdir -p "$DEST"

out=$(snapshot_name)
msg "snapshot $SOURCE -> $out"
for step in make_snapshot verify_snapshot record_checksum; do
    "$step" "$out"
done
prune_old
summary
