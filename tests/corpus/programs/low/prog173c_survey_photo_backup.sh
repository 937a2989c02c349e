#!/usr/bin/env bash
# Nightly backup of roof survey photos and site drawings.
# Packs each job folder into a compressed archive under ./backups,
# verifies the archive, and keeps the original folders untouched.
set -euo pipefail

SRC_ROOT="${SURVEY_ROOT:-./surveys}"
BACKUP_ROOT="${BACKUP_ROOT:-./backups}"
KEEP_ARCHIVES="${KEEP_ARCHIVES:-14}"
STAMP="$(date +%Y%m%d)"

declare -a PACKERS=(zstd gzip)
declare -A EXT=([zstd]=tar.zst [gzip]=tar.gz)

msg() { printf '[backup %s] %s\n' "$STAMP" "$*"; }

pick_packer() {
    local p
    for p in "${PACKERS[@]}"; do
        if command -v "$p" >/dev/null 2>&1; then
            printf '%s' "$p"
            return 0
        fi
    done
    return 1
}

archive_name() {
    local job="$1" packer="$2"
    printf '%s/%s_%s.%s' "$BACKUP_ROOT" "$job" "$STAMP" "${EXT[$packer]}"
}

pack_job() {
    local dir="$1" packer="$2" job archive
    job="$(basename "$dir")"
    archive="$(archive_name "$job" "$packer")"
    if [[ -f "$archive" ]]; then
        msg "$job already backed up today"
        return 0
    fi
    tar -C "$(dirname "$dir")" -cf - "$job" | "$packer" -q >"$archive.part"
    mv "$archive.part" "$archive"
    verify_job "$dir" "$archive" "$packer"
}

verify_job() {
    local dir="$1" archive="$2" packer="$3" want got
    want=$(find "$dir" -type f | wc -l)
    got=$("$packer" -dc "$archive" | tar -tf - | grep -vc '/$' || true)
    if [[ "$want" -ne "$got" ]]; then
        msg "MISMATCH for $archive: $want files on disk, $got in archive"
        return 1
    fi
    sha256sum "$archive" >>"$BACKUP_ROOT/SHA256SUMS"
    msg "ok $(basename "$archive") ($got files)"
}

rotate() {
    local job="$1" old
    mapfile -t old < <(ls -1t "$BACKUP_ROOT/${job}_"*.tar.* 2>/dev/null | tail -n +"$((KEEP_ARCHIVES + 1))")
    for f in "${old[@]}"; do
        [[ -n "$f" ]] || continue
        msg "rotating out $(basename "$f")"
        rm -f -- "$f"
    done
}

main() {
    local packer dir failures=0
    [[ -d "$SRC_ROOT" ]] || { msg "no survey folder at $SRC_ROOT"; exit 1; }
    mkdir -p "$BACKUP_ROOT"
    packer="$(pick_packer)" || { msg "no compressor available"; exit 1; }
    for dir in "$SRC_ROOT"/*/; do
        dir="${dir%/}"
        [[ -d "$dir" ]] || continue
        if pack_job "$dir" "$packer"; then
            rotate "$(basename "$dir")"
        else
            failures=$((failures + 1))
        fi
    done
    msg "finished with $failures failure(s)"
    [[ "$failures" -eq 0 ]]
}

main "$@"
