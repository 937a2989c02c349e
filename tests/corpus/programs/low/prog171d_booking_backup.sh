#!/bin/bash
# Nightly copy of the terminal booking exports into ./backups.
# Originals are left in place; only archives older than the retention
# window in ./backups are pruned.
set -euo pipefail

SRC_DIRS=(${BACKUP_SOURCES:-exports reports config})
DEST=${BACKUP_DEST:-./backups}
KEEP=${BACKUP_KEEP:-14}
STAMP=$(date +%Y%m%d-%H%M%S)
NAME_PREFIX=${NAME_PREFIX:-bookings}

log() { printf '%s [backup] %s\n' "$(date +%T)" "$*"; }

existing_sources() {
    local d
    for d in "${SRC_DIRS[@]}"; do
        if [ -d "$d" ]; then
            printf '%s\n' "$d"
        else
            log "skipping missing $d" >&2
        fi
    done
}

archive_name() {
    printf '%s/%s-%s.tar.gz' "$DEST" "$NAME_PREFIX" "$STAMP"
}

make_archive() {
    local out=$1
    shift
    local partial="$out.partial"
    tar -czf "$partial" -- "$@"
    mv -- "$partial" "$out"
    chmod 0600 "$out"
}

write_checksum() {
    local out=$1
    (cd "$(dirname "$out")" && sha256sum "$(basename "$out")") > "$out.sha256"
    chmod 0600 "$out.sha256"
}

verify_archive() {
    local out=$1
    local count
    count=$(tar -tzf "$out" | wc -l)
    [ "$count" -gt 0 ] || { log "archive $out is empty" >&2; return 1; }
    log "archive holds $count entries"
}

prune_old() {
    local archives
    mapfile -t archives < <(ls -1t "$DEST"/"$NAME_PREFIX"-*.tar.gz 2>/dev/null || true)
    local total=${#archives[@]}
    if [ "$total" -le "$KEEP" ]; then
        return 0
    fi
    local old
    for old in "${archives[@]:$KEEP}"; do
        rm -f -- "$old" "$old.sha256"
        log "pruned $(basename "$old")"
    done
}

write_index() {
    cat > "$DEST/INDEX.txt" <<INDEX
Booking export backups
Generated: $(date -u +%Y-%m-%dT%H:%M:%SZ)
Host:      $(hostname)
Kept:      $KEEP most recent

$(ls -1t "$DEST"/"$NAME_PREFIX"-*.tar.gz 2>/dev/null | xargs -r -n1 basename)
INDEX
}

main() {
    mkdir -p "$DEST"
    local sources
    mapfile -t sources < <(existing_sources)
    if [ ${#sources[@]} -eq 0 ]; then
        log "nothing to back up"
        exit 0
    fi
    local out
    out=$(archive_name)
    log "backing up ${sources[*]} -> $out"
    make_archive "$out" "${sources[@]}"
    write_checksum "$out"
    verify_archive "$out"
    prune_old
    write_index
    log "done"
}

main "$@"
