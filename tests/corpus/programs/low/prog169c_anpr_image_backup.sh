#!/bin/bash
# Weekly backup of ANPR evidence images held in the working directory.
# Originals are left untouched; archives go to ./backups with a checksum
# manifest, and only this script's own older archives are pruned.
set -euo pipefail

SRC_DIR="${SRC_DIR:-./anpr_images}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-8}"
STAMP="$(date +%Y%m%d-%H%M%S)"
PREFIX="anpr-images"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

archive_name() {
    local parts=("$PREFIX" "$STAMP")
    local IFS=-
    printf '%s.tar.gz' "${parts[*]}"
}

count_images() {
    find "$SRC_DIR" -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.json' \) | wc -l
}

make_archive() {
    local target="$1"
    tar -czf "$target" -C "$(dirname "$SRC_DIR")" "$(basename "$SRC_DIR")"
}

checksum() {
    local file="$1"
    local tool
    tool="$(command -v sha256sum || command -v shasum)"
    if [[ "$tool" == *shasum ]]; then
        "$tool" -a 256 "$file"
    else
        "$tool" "$file"
    fi
}

verify_archive() {
    local file="$1" listed expected
    listed="$(tar -tzf "$file" | grep -cv '/$' || true)"
    expected="$(find "$SRC_DIR" -type f | wc -l | tr -d ' ')"
    if [ "$listed" -ne "$expected" ]; then
        log "verify mismatch: archive has $listed files, source has $expected"
        return 1
    fi
    log "verified $listed files in $(basename "$file")"
}

prune_old() {
    local -a archives
    mapfile -t archives < <(ls -1t "$BACKUP_DIR"/"$PREFIX"-*.tar.gz 2>/dev/null || true)
    local i
    for ((i = KEEP; i < ${#archives[@]}; i++)); do
        log "pruning old archive ${archives[$i]}"
        rm -f -- "${archives[$i]}" "${archives[$i]}.sha256"
    done
}

main() {
    if [ ! -d "$SRC_DIR" ]; then
        log "source $SRC_DIR does not exist"
        exit 1
    fi
    mkdir -p "$BACKUP_DIR"
    local target
    target="$BACKUP_DIR/$(archive_name)"
    log "backing up $(count_images | tr -d ' ') image files from $SRC_DIR"
    make_archive "$target"
    checksum "$target" > "$target.sha256"
    verify_archive "$target"
    chmod 0600 "$target" "$target.sha256"
    prune_old
    log "backup complete: $target ($(du -h "$target" | cut -f1))"
}

main "$@"
