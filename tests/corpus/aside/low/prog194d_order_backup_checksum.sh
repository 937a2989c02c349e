#!/usr/bin/env bash
# Nightly backup of the order folder in this working directory, with a
# checksum manifest so the office can verify copies on the NAS share.
set -euo pipefail

SRC_DIR="${ORDER_SRC:-./orders}"
BACKUP_DIR="${ORDER_BACKUP_DIR:-./backups}"
KEEP="${ORDER_BACKUP_KEEP:-14}"
STAMP="$(date +%Y%m%d-%H%M)"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

archive_name() {
    local parts=(orders "$STAMP" tar gz)
    printf '%s-%s.%s.%s' "${parts[@]}"
}

write_manifest() {
    local manifest="$1"
    (cd "$SRC_DIR" && find . -type f ! -name '*.lock' -print0 \
        | sort -z | xargs -0 sha256sum) >"$manifest"
    log "manifest: $(wc -l <"$manifest") files"
}

make_archive() {
    local target="$1"
    tar -czf "$target" -C "$(dirname "$SRC_DIR")" "$(basename "$SRC_DIR")"
    chmod 600 "$target"
    sha256sum "$target" >"${target}.sha256"
    log "archive: ${target} ($(du -h "$target" | cut -f1))"
}

prune_old() {
    local -a old
    mapfile -t old < <(ls -1t "$BACKUP_DIR"/orders-*.tar.gz 2>/dev/null | tail -n +"$((KEEP + 1))")
    local f
    for f in "${old[@]}"; do
        rm -f -- "$f" "${f}.sha256" "${f%.tar.gz}.manifest"
        log "pruned ${f}"
    done
}

verify_latest() {
    local latest
    latest="$(ls -1t "$BACKUP_DIR"/orders-*.tar.gz | head -n1)"
    (cd "$BACKUP_DIR" && sha256sum -c --quiet "$(basename "$latest").sha256" 2>/dev/null) \
        || sha256sum -c --quiet "${latest}.sha256"
    log "verified ${latest}"
}

main() {
    [[ -d "$SRC_DIR" ]] || { log "no ${SRC_DIR}"; exit 1; }
    mkdir -p "$BACKUP_DIR"
    local name
    name="$(archive_name)"
    write_manifest "${BACKUP_DIR}/${name%.tar.gz}.manifest"
    make_archive "${BACKUP_DIR}/${name}"
    local -a steps=(prune_old verify_latest)
    local s
    for s in "${steps[@]}"; do "$s"; done
}

main "$@"
