#!/usr/bin/env bash
# Nightly backup of signed guest waivers. Archives the waiver folder,
# verifies the archive, and keeps the last few copies. The waiver
# folder itself is never modified.
set -eu

SRC_DIR="${WAIVER_DIR:-./waivers}"
DEST_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP_COPIES:-14}"
STAMP=$(date +%Y%m%d-%H%M%S)
ARCHIVE_NAME="waivers-${STAMP}.tar.gz"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*"; }

die() { log "error: $*"; exit 1; }

check_inputs() {
    [ -d "$SRC_DIR" ] || die "no waiver folder at $SRC_DIR"
    mkdir -p "$DEST_DIR"
    chmod 0700 "$DEST_DIR"
}

count_files() {
    find "$1" -type f | wc -l | tr -d ' '
}

make_archive() {
    local out="$DEST_DIR/$ARCHIVE_NAME"
    tar -czf "$out" -C "$(dirname "$SRC_DIR")" "$(basename "$SRC_DIR")"
    chmod 0600 "$out"
    printf '%s' "$out"
}

write_checksum() {
    local archive="$1"
    (cd "$DEST_DIR" && sha256sum "$(basename "$archive")" >"$(basename "$archive").sha256")
}

verify_archive() {
    local archive="$1" listed expected
    (cd "$DEST_DIR" && sha256sum -c --quiet "$(basename "$archive").sha256") || return 1
    listed=$(tar -tzf "$archive" | grep -vc '/$' || true)
    expected=$(count_files "$SRC_DIR")
    [ "$listed" -eq "$expected" ] || { log "count mismatch: $listed vs $expected"; return 1; }
}

rotate() {
    local old=() f
    while IFS= read -r f; do
        old+=("$f")
    done < <(ls -1t "$DEST_DIR"/waivers-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    for f in "${old[@]+"${old[@]}"}"; do
        rm -f -- "$f" "$f.sha256"
        log "rotated out $(basename "$f")"
    done
}

main() {
    check_inputs
    log "backing up $(count_files "$SRC_DIR") waiver file(s) from $SRC_DIR"
    local archive
    archive=$(make_archive)
    write_checksum "$archive"
    if verify_archive "$archive"; then
        log "verified $archive"
        rotate
    else
        die "verification failed for $archive; older copies kept"
    fi
    log "done; $(ls -1 "$DEST_DIR"/waivers-*.tar.gz | wc -l | tr -d ' ') copies on hand"
}

main "$@"
