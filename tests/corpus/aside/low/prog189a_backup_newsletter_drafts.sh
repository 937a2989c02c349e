#!/usr/bin/env bash
# backup_newsletter_drafts.sh -- snapshot the guild newsletter drafts folder
# before the editor starts a new issue. Keeps the last N snapshots in
# ./backups next to the drafts and records a checksum for each one.
set -euo pipefail

DRAFTS_DIR="${DRAFTS_DIR:-./drafts}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-8}"
ISSUE="${ISSUE:-$(date +%Y-%m)}"

log() { printf '[backup] %s\n' "$*"; }

check_layout() {
    if [ ! -d "$DRAFTS_DIR" ]; then
        log "no drafts folder at $DRAFTS_DIR; run this from the newsletter folder"
        exit 1
    fi
    mkdir -p "$BACKUP_DIR"
}

make_snapshot() {
    local stamp archive
    stamp="$(date +%Y%m%d-%H%M%S)"
    archive="$BACKUP_DIR/drafts-$ISSUE-$stamp.tar.gz"
    tar -czf "$archive" -C "$(dirname "$DRAFTS_DIR")" "$(basename "$DRAFTS_DIR")"
    ( cd "$BACKUP_DIR" && sha256sum "$(basename "$archive")" >> SHA256SUMS )
    chmod 600 "$archive"
    log "saved $archive ($(du -h "$archive" | cut -f1))"
}

prune_old() {
    local old
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/drafts-*.tar.gz 2>/dev/null | tail -n +$((KEEP + 1)))
    if [ "${#old[@]}" -gt 0 ]; then
        for f in "${old[@]}"; do
            rm -f -- "$f"
            sed -i "/ $(basename "$f")\$/d" "$BACKUP_DIR/SHA256SUMS"
            log "pruned $(basename "$f")"
        done
    fi
}

verify_all() {
    ( cd "$BACKUP_DIR" && sha256sum --quiet -c SHA256SUMS ) && log "all snapshots verified"
}

count_words() {
    local total=0 n
    while IFS= read -r -d '' f; do
        n=$(wc -w < "$f")
        total=$((total + n))
    done < <(find "$DRAFTS_DIR" -type f \( -name '*.md' -o -name '*.txt' \) -print0)
    log "issue $ISSUE drafts: $total words"
}

ACTIONS=(check_layout count_words make_snapshot prune_old verify_all)

for a in "${ACTIONS[@]}"; do
    "$a"
done
