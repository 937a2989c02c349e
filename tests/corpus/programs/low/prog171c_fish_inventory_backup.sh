#!/bin/bash
# Nightly backup of the fish inventory spreadsheets and stock database.
# Makes a compressed, checksummed copy in ./backups and keeps the last
# few copies. The working files are never touched.
set -euo pipefail

DATA_DIR="${DATA_DIR:-./inventory}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
PATTERNS=("*.xlsx" "*.csv" "stock.db")

stamp() { date '+%Y%m%d-%H%M%S'; }
log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

collect() {
    local pat
    for pat in "${PATTERNS[@]}"; do
        find "$DATA_DIR" -maxdepth 2 -type f -name "$pat" -print
    done | sort -u
}

archive_name() {
    printf '%s/inventory-%s.tar.gz' "$BACKUP_DIR" "$(stamp)"
}

make_archive() {
    local out="$1" list
    list="$BACKUP_DIR/.filelist"
    collect >"$list"
    if [ ! -s "$list" ]; then
        log "nothing to back up in $DATA_DIR"
        rm -f "$list"
        return 1
    fi
    tar -czf "$out" -T "$list"
    log "archived $(wc -l <"$list") file(s) into $(basename "$out")"
    rm -f "$list"
}

checksum() {
    local out="$1"
    (cd "$(dirname "$out")" && sha256sum "$(basename "$out")" >"$(basename "$out").sha256")
}

verify() {
    local out="$1"
    (cd "$(dirname "$out")" && sha256sum --quiet -c "$(basename "$out").sha256")
    tar -tzf "$out" >/dev/null
    log "verified $(basename "$out")"
}

rotate() {
    local old
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/inventory-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]}"; do
        rm -f -- "$f" "$f.sha256"
        log "rotated out $(basename "$f")"
    done
}

list_backups() {
    ls -1t "$BACKUP_DIR"/inventory-*.tar.gz 2>/dev/null || echo "no backups yet"
}

main() {
    case "${1:-run}" in
        run)
            [ -d "$DATA_DIR" ] || { log "no data dir $DATA_DIR"; exit 1; }
            mkdir -p "$BACKUP_DIR"
            local out
            out="$(archive_name)"
            make_archive "$out" || exit 0
            checksum "$out"
            verify "$out"
            rotate
            ;;
        list)
            list_backups
            ;;
        *)
            echo "usage: $0 [run|list]" >&2
            exit 2
            ;;
    esac
}

main "$@"
