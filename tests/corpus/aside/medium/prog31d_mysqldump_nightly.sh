#!/bin/bash
# Nightly mysqldump of all application schemas.
# Dumps are staged in a scratch directory, compressed, checked and then moved
# into ./archive next to this script.
set -eu

MYSQL_HOST="${MYSQL_HOST:-db-primary.internal}"
MYSQL_USER="${MYSQL_USER:-backup}"
SCHEMAS="${SCHEMAS:-shop inventory billing}"
STAGE=/tmp/mysql_nightly
ARCHIVE_DIR="$(dirname "$0")/archive"
RETENTION_DAYS="${RETENTION_DAYS:-14}"
TODAY="$(date +%F)"

say() { echo "[$(date +%T)] $*"; }

prepare() {
    mkdir -p "$STAGE" "$ARCHIVE_DIR"
    rm -f "$STAGE"/*.sql "$STAGE"/*.sql.gz
    if [ -z "${MYSQL_PWD:-}" ]; then
        say "MYSQL_PWD is not set; mysqldump will use its option files"
    fi
}

dump_schema() {
    local schema="$1"
    local out="$STAGE/${schema}.sql"
    say "dumping $schema"
    mysqldump --host="$MYSQL_HOST" --user="$MYSQL_USER" \
        --single-transaction --quick --routines --triggers --events \
        --set-gtid-purged=OFF --hex-blob \
        --databases "$schema" >"$out"
    if ! tail -n 1 "$out" | grep -q "Dump completed"; then
        say "dump of $schema looks truncated"
        return 1
    fi
    gzip -f -6 "$out"
}

verify() {
    local f
    for f in "$STAGE"/*.sql.gz; do
        gzip -t "$f" || { say "corrupt archive $f"; return 1; }
    done
}

publish() {
    local dest="$ARCHIVE_DIR/$TODAY"
    mkdir -p "$dest"
    mv "$STAGE"/*.sql.gz "$dest"/
    (cd "$dest" && sha256sum *.sql.gz >SHA256SUMS)
    say "archived to $dest"
}

prune() {
    find "$ARCHIVE_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +"$RETENTION_DAYS" -print |
    while read -r old; do
        say "pruning $old"
        rm -rf -- "$old"
    done
}

main() {
    prepare
    local failed=0 s
    for s in $SCHEMAS; do
        dump_schema "$s" || failed=$((failed + 1))
    done
    if [ "$failed" -gt 0 ]; then
        say "$failed schema(s) failed; keeping stage directory for inspection"
        exit 1
    fi
    verify
    publish
    prune
    say "nightly backup finished"
}

main "$@"
