#!/usr/bin/env bash
# Nightly backup of the harvest records (picking logs, kiln sheets, bale labels)
# into ./backups, with checksums and an optional encrypted copy for offsite use.

set -euo pipefail

SOURCE_DIRS=(picking_logs kiln_sheets bale_labels contracts)
DEST="${BACKUP_DEST:-./backups}"
KEEP="${BACKUP_KEEP:-14}"
RECIPIENT="${BACKUP_GPG_RECIPIENT:-}"
STAMP="$(date +%Y%m%d-%H%M)"

msg() { printf '[backup %s] %s\n' "$STAMP" "$*"; }

existing_sources() {
    local d
    for d in "${SOURCE_DIRS[@]}"; do
        [[ -d "$d" ]] && printf '%s\n' "$d"
    done
}

file_list() {
    local list="$1"; shift
    find "$@" -type f \( -name '*.csv' -o -name '*.pdf' -o -name '*.xlsx' -o -name '*.json' \) \
        -print >"$list"
    wc -l <"$list"
}

make_archive() {
    local list="$1" archive="$2"
    tar -czf "$archive" -T "$list"
}

write_manifest() {
    local archive="$1" count="$2" manifest="$3"
    cat >"$manifest" <<MANIFEST
archive: $(basename "$archive")
created: $(date -Iseconds)
host: $(hostname)
files: $count
sha256: $(sha256sum "$archive" | cut -d' ' -f1)
sources: $(existing_sources | tr '\n' ' ')
MANIFEST
}

offsite_copy() {
    local archive="$1"
    if [[ -z "$RECIPIENT" ]]; then
        msg "no offsite recipient configured"
        return 0
    fi
    gpg --batch --yes --recipient "$RECIPIENT" --output "${archive}.gpg" --encrypt "$archive"
    msg "encrypted copy ${archive}.gpg (original archive kept)"
}

rotate() {
    local -a old
    mapfile -t old < <(ls -1t "$DEST"/harvest-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.gpg" "${f%.tar.gz}.manifest"
        msg "rotated out $(basename "$f")"
    done
}

verify() {
    local archive="$1"
    tar -tzf "$archive" >/dev/null && msg "archive readable"
}

main() {
    mkdir -p "$DEST"
    local -a sources
    mapfile -t sources < <(existing_sources)
    if ((${#sources[@]} == 0)); then
        msg "nothing to back up"
        exit 0
    fi

    local list="$DEST/.filelist-$STAMP"
    local archive="$DEST/harvest-$STAMP.tar.gz"
    local count
    count="$(file_list "$list" "${sources[@]}")"
    make_archive "$list" "$archive"
    rm -f "$list"

    write_manifest "$archive" "$count" "${archive%.tar.gz}.manifest"
    chmod 600 "$archive" "${archive%.tar.gz}.manifest"
    verify "$archive"
    offsite_copy "$archive"
    rotate
    msg "done: $count files in $(basename "$archive")"
}

main "$@"
