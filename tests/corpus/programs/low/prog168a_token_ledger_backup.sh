#!/usr/bin/env bash
# Nightly backup of the token and ticket ledger exports.
# Archives the ledger folder into ./backups, records a checksum, and keeps
# the newest KEEP archives. The ledger files themselves are left untouched.
set -euo pipefail

LEDGER_DIR="${LEDGER_DIR:-ledger}"
BACKUP_DIR="${BACKUP_DIR:-backups}"
KEEP="${KEEP:-14}"
PREFIX="token-ledger"
STAMP=$(date +%Y%m%d-%H%M%S)

declare -a INCLUDE=("*.csv" "*.json" "*.sqlite")

info() { printf '%s  %s\n' "$(date +%T)" "$*"; }

collect_files() {
    local pattern
    for pattern in "${INCLUDE[@]}"; do
        find "$LEDGER_DIR" -type f -name "$pattern" -print
    done | sort
}

make_archive() {
    local list archive
    archive="$BACKUP_DIR/${PREFIX}-${STAMP}.tar.gz"
    list=$(collect_files)
    if [ -z "$list" ]; then
        info "nothing to back up in $LEDGER_DIR"
        return 1
    fi
    printf '%s\n' "$list" | tar -czf "$archive" -T -
    printf '%s' "$archive"
}

record_checksum() {
    local archive=$1
    (cd "$(dirname "$archive")" && sha256sum "$(basename "$archive")") >>"$BACKUP_DIR/SHA256SUMS"
}

verify_archive() {
    local archive=$1 expected actual
    expected=$(collect_files | wc -l)
    actual=$(tar -tzf "$archive" | wc -l)
    if [ "$expected" -ne "$actual" ]; then
        info "archive $archive lists $actual files, expected $expected"
        return 1
    fi
}

prune_old() {
    local -a archives
    mapfile -t archives < <(ls -1t "$BACKUP_DIR"/"$PREFIX"-*.tar.gz 2>/dev/null)
    local count=${#archives[@]}
    if [ "$count" -le "$KEEP" ]; then
        return 0
    fi
    local old
    for old in "${archives[@]:$KEEP}"; do
        rm -f -- "$old"
        info "pruned $(basename "$old")"
    done
    grep -F -f <(printf '%s\n' "${archives[@]:0:$KEEP}" | xargs -n1 basename) \
        "$BACKUP_DIR/SHA256SUMS" >"$BACKUP_DIR/SHA256SUMS.new" || true
    mv "$BACKUP_DIR/SHA256SUMS.new" "$BACKUP_DIR/SHA256SUMS"
}

main() {
    [ -d "$LEDGER_DIR" ] || { info "ledger folder $LEDGER_DIR not found"; exit 1; }
    mkdir -p "$BACKUP_DIR"
    local archive
    archive=$(make_archive) || exit 0
    verify_archive "$archive"
    record_checksum "$archive"
    chmod 600 "$archive"
    info "backup written: $archive ($(du -h "$archive" | cut -f1))"
    prune_old
}

main "$@"
