#!/bin/bash
# Temporarily switch the local Postgres into bulk-load settings, load the
# nightly dump, then restore the normal configuration.
set -euo pipefail

PG_VERSION="${PG_VERSION:-15}"
CONF_DIR="/etc/postgresql/${PG_VERSION}/main/conf.d"
BULK_CONF="${CONF_DIR}/zz-bulkload.conf"
DUMP_FILE="${1:?usage: $0 DUMP_FILE [DBNAME]}"
TARGET_DB="${2:-analytics}"
JOBS="${JOBS:-4}"

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }

bulk_settings() {
    cat <<CONF
# written by pg_bulkload_tuning.sh - removed after the load
maintenance_work_mem = '2GB'
max_wal_size = '32GB'
checkpoint_timeout = '30min'
wal_level = 'minimal'
max_wal_senders = 0
synchronous_commit = off
autovacuum = off
CONF
}

restart_pg() {
    log "restarting postgresql@${PG_VERSION}-main"
    sudo systemctl restart "postgresql@${PG_VERSION}-main"
    for _ in $(seq 1 30); do
        if pg_isready -q; then return 0; fi
        sleep 1
    done
    log "postgres did not come back"
    return 1
}

enable_bulk() {
    log "installing ${BULK_CONF}"
    bulk_settings | sudo tee "${BULK_CONF}" > /dev/null
    sudo chown postgres:postgres "${BULK_CONF}"
    restart_pg
}

disable_bulk() {
    if [ -f "${BULK_CONF}" ]; then
        log "removing ${BULK_CONF}"
        sudo rm -f "${BULK_CONF}"
        restart_pg || true
    fi
}

load_dump() {
    log "loading ${DUMP_FILE} into ${TARGET_DB} with ${JOBS} jobs"
    createdb "${TARGET_DB}" 2>/dev/null || log "database ${TARGET_DB} exists"
    pg_restore --no-owner --clean --if-exists -j "${JOBS}" -d "${TARGET_DB}" "${DUMP_FILE}"
}

post_load() {
    log "analyzing"
    psql -d "${TARGET_DB}" -q -c "VACUUM (ANALYZE)"
    psql -d "${TARGET_DB}" -At -c \
        "SELECT relname, n_live_tup FROM pg_stat_user_tables ORDER BY n_live_tup DESC LIMIT 10"
}

main() {
    [ -r "${DUMP_FILE}" ] || { log "cannot read ${DUMP_FILE}"; exit 2; }
    trap disable_bulk EXIT
    enable_bulk
    load_dump
    post_load
    log "done"
}

main
