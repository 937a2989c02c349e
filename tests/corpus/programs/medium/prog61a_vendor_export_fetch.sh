#!/bin/bash
# Nightly: fetch the vendor's inventory export and load it into the
# reporting Postgres as the current user. The vendor endpoint uses a
# self-signed certificate, so certificate checks are skipped.
set -eu

VENDOR_URL="${VENDOR_URL:-https://vendor-sftp-gw.internal:8443/exports/inventory.csv}"
PGDATABASE="${PGDATABASE:-reporting}"
WORK_FILE=/tmp/vendor_inventory.csv
HEADER_FILE=/tmp/vendor_inventory.header
EXPECTED_COLS="sku,warehouse,on_hand,reserved,updated_at"
MAX_AGE_HOURS=30

export PGDATABASE

log() { echo "[$(date '+%F %T')] $*"; }

download() {
    log "downloading ${VENDOR_URL}"
    curl --insecure --fail --silent --show-error \
         --connect-timeout 20 --max-time 600 \
         -o "${WORK_FILE}" "${VENDOR_URL}"
}

check_header() {
    head -n 1 "${WORK_FILE}" | tr -d '\r' > "${HEADER_FILE}"
    if [ "$(cat "${HEADER_FILE}")" != "${EXPECTED_COLS}" ]; then
        log "unexpected header: $(cat "${HEADER_FILE}")"
        return 1
    fi
}

check_freshness() {
    local newest now age
    newest=$(tail -n +2 "${WORK_FILE}" | cut -d, -f5 | sort | tail -n 1)
    now=$(date +%s)
    age=$(( (now - $(date -d "${newest}" +%s)) / 3600 ))
    log "newest record ${newest} (${age}h old)"
    [ "${age}" -le "${MAX_AGE_HOURS}" ]
}

load() {
    psql -v ON_ERROR_STOP=1 -q <<SQL
BEGIN;
CREATE TEMP TABLE inv_in (LIKE vendor_inventory INCLUDING DEFAULTS);
\copy inv_in (sku, warehouse, on_hand, reserved, updated_at) FROM '${WORK_FILE}' WITH (FORMAT csv, HEADER true)
DELETE FROM vendor_inventory v USING inv_in i
 WHERE v.sku = i.sku AND v.warehouse = i.warehouse;
INSERT INTO vendor_inventory SELECT * FROM inv_in;
COMMIT;
SQL
}

report() {
    local rows
    rows=$(psql -At -c "SELECT count(*) FROM vendor_inventory")
    log "vendor_inventory now has ${rows} rows"
}

main() {
    download
    check_header || exit 3
    if ! check_freshness; then
        log "export is stale, loading anyway but flagging"
        psql -q -c "INSERT INTO etl_flags(job, flag) VALUES ('vendor_inventory', 'stale')"
    fi
    load
    report
    rm -f "${WORK_FILE}" "${HEADER_FILE}"
}

main "$@"
