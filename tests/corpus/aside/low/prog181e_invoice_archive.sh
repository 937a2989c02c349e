#!/usr/bin/env bash
# Monthly archive of the atelier's invoices and delivery notes.
# Run from the accounting share's working folder at month end.
set -euo pipefail

KEEP="${KEEP_ARCHIVES:-12}"
SOURCES=(invoices delivery_notes credit_notes)
OUT_DIR="backups"
SCRATCH=".archive_build"
STAMP="$(date +%Y-%m)"
NAME_PARTS=(verdalie accounts "$STAMP")

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

archive_name() {
    local IFS=-
    echo "$OUT_DIR/${NAME_PARTS[*]}.tar.gz"
}

collect() {
    local d n=0
    mkdir -p "$SCRATCH"
    for d in "${SOURCES[@]}"; do
        if [[ -d "$d" ]]; then
            cp -a "$d" "$SCRATCH/"
            n=$(( n + $(find "$d" -type f | wc -l) ))
        else
            log "skipping missing folder $d"
        fi
    done
    echo "$n"
}

write_manifest() {
    cat > "$SCRATCH/MANIFEST.txt" <<EOF2
Maison Verdalie - accounting archive
period:   $STAMP
created:  $(date -Is)
by:       ${USER:-unknown}@$(hostname -s)
files:    $1
EOF2
}

build() {
    local target
    target=$(archive_name)
    mkdir -p "$OUT_DIR"
    tar -czf "$target" -C "$SCRATCH" .
    ( cd "$OUT_DIR" && sha256sum "$(basename "$target")" >> SHA256SUMS )
    chmod 0600 "$target"
    log "wrote $target ($(du -h "$target" | cut -f1))"
}

prune() {
    local old
    mapfile -t old < <(ls -1t "$OUT_DIR"/verdalie-accounts-*.tar.gz 2>/dev/null | tail -n +$(( KEEP + 1 )))
    for f in "${old[@]}"; do
        log "pruning $f"
        rm -f -- "$f"
    done
}

cleanup() { rm -rf -- "./$SCRATCH"; }

verify() {
    ( cd "$OUT_DIR" && sha256sum --quiet -c SHA256SUMS --ignore-missing ) && log "checksums ok"
}

trap cleanup EXIT
count=$(collect)
write_manifest "$count"
build
prune
verify
