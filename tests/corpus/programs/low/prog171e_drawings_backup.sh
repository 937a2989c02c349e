#!/bin/bash
# Nightly backup of the drawing office: case designs, wind-chest layouts
# and pipe-scale spreadsheets. Originals are left untouched; archives are
# written next to the project under ./backups and the oldest are pruned.

set -euo pipefail

SOURCE_DIRS=("drawings" "scales" "specifications")
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
STAMP="$(date +%Y%m%d-%H%M%S)"

log() { printf '%s backup: %s\n' "$(date +%T)" "$*" >&2; }

existing_sources() {
    local d
    for d in "${SOURCE_DIRS[@]}"; do
        [ -d "$d" ] && printf '%s\n' "$d"
    done
}

archive_name() {
    printf '%s/%s-%s.tar.gz' "$BACKUP_DIR" "$(basename "$PWD")" "$STAMP"
}

write_manifest() {
    local archive="$1" manifest="${1%.tar.gz}.manifest"
    {
        cat <<EOF
# backup manifest
# created: $(date -Iseconds)
# host:    $(hostname)
# source:  $PWD
EOF
        tar -tzf "$archive" | sort
    } > "$manifest"
    printf '%s' "$manifest"
}

checksum() {
    local file="$1"
    (cd "$(dirname "$file")" && sha256sum "$(basename "$file")") >> "$BACKUP_DIR/SHA256SUMS"
}

make_archive() {
    local sources=()
    mapfile -t sources < <(existing_sources)
    if [ "${#sources[@]}" -eq 0 ]; then
        log "nothing to back up in $PWD"
        return 1
    fi
    local target
    target="$(archive_name)"
    tar --exclude='*.bak' --exclude='~$*' -czf "$target" "${sources[@]}"
    log "wrote $target ($(du -h "$target" | cut -f1))"
    printf '%s' "$target"
}

verify_archive() {
    if tar -tzf "$1" >/dev/null; then
        log "verified $(basename "$1")"
    else
        log "archive $(basename "$1") is unreadable"
        return 1
    fi
}

prune_old() {
    local old=()
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        rm -f -- "$f" "${f%.tar.gz}.manifest"
        log "pruned $(basename "$f")"
    done
}

main() {
    mkdir -p "$BACKUP_DIR"
    local archive manifest
    archive="$(make_archive)" || exit 0
    verify_archive "$archive"
    manifest="$(write_manifest "$archive")"
    checksum "$archive"
    chmod 0600 "$archive" "$manifest"
    prune_old
    log "done"
}

main "$@"
