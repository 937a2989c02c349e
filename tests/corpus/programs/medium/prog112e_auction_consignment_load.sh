#!/usr/bin/env bash
# Pull consignor spreadsheets from the intake portal and load them into the
# auction lot database used by the catalogue builder.
#
# Usage: auction_consignment_load.sh [-c config] [-n]
#   -c FILE   alternative config (default ~/.config/lotdesk/import.conf)
#   -n        dry run: validate files, do not touch the database
set -euo pipefail

SCRIPT_PATH="$(readlink -f "$0")"
CONFIG="${HOME}/.config/lotdesk/import.conf"
DRY_RUN=0
LOG_FILE="./import.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    sed -n '2,7p' "$SCRIPT_PATH" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))

# shellcheck source=/dev/null
[ -f "$CONFIG" ] && . "$CONFIG"
: "${LOTDESK_DB:=./lots.sqlite}"
: "${PORTAL_URL:=https://intake.lotdesk.local/export}"
: "${PORTAL_TOKEN:?set PORTAL_TOKEN in the config or environment}"
: "${ARCHIVE_DIR:=./imported}"

INBOX="/tmp/lotdesk_inbox"

command -v sqlite3 >/dev/null || { log ERROR "sqlite3 not installed"; exit 1; }
mkdir -p "$INBOX" "$ARCHIVE_DIR"

fetch_exports() {
    # the intake box on the shop LAN uses the appliance's own certificate
    local listing
    listing="$(curl -sS -k --max-time 30 -H "Authorization: Token ${PORTAL_TOKEN}" "${PORTAL_URL}/index.txt")"
    while read -r name; do
        [ -n "$name" ] || continue
        curl -sS -k --max-time 60 -H "Authorization: Token ${PORTAL_TOKEN}" \
            -o "${INBOX}/${name}" "${PORTAL_URL}/${name}" \
            && log INFO "fetched ${name}" \
            || log WARN "could not fetch ${name}"
    done <<< "$listing"
}

init_db() {
    sqlite3 "$LOTDESK_DB" <<'SQL'
CREATE TABLE IF NOT EXISTS lots (
    sku TEXT PRIMARY KEY,
    consignor TEXT NOT NULL,
    title TEXT NOT NULL,
    grade TEXT,
    reserve_cents INTEGER,
    estimate_cents INTEGER,
    imported_at TEXT DEFAULT CURRENT_TIMESTAMP
);
SQL
}

validate_csv() {
    local f="$1" header
    header="$(head -n1 "$f" | tr -d '\r' | tr 'A-Z' 'a-z')"
    if [ "$header" != "sku,title,grade,reserve,estimate" ]; then
        log WARN "$(basename "$f"): unexpected header '$header'"
        return 1
    fi
    awk -F, 'NR>1 && NF!=5 {bad++} END {exit bad>0}' "$f" || {
        log WARN "$(basename "$f"): rows with wrong column count"
        return 1
    }
}

import_file() {
    local f="$1" consignor clean
    consignor="$(basename "$f" .csv)"
    clean="${INBOX}/.staging_${consignor}.csv"
    tr -d '\r' < "$f" | tail -n +2 > "$clean"
    sqlite3 "$LOTDESK_DB" <<SQL
CREATE TEMP TABLE staging(sku, title, grade, reserve, estimate);
.mode csv
.import '$clean' staging
INSERT OR REPLACE INTO lots (sku, consignor, title, grade, reserve_cents, estimate_cents)
    SELECT sku, '$consignor', title, grade,
           CAST(ROUND(reserve * 100) AS INTEGER), CAST(ROUND(estimate * 100) AS INTEGER)
    FROM staging;
SQL
    rm -f "$clean"
    log INFO "imported $(wc -l < "$f") lines from $consignor"
}

main() {
    local count=0 failed=0
    fetch_exports
    [ "$DRY_RUN" -eq 1 ] || init_db
    shopt -s nullglob
    for f in "$INBOX"/*.csv; do
        if ! validate_csv "$f"; then
            failed=$((failed + 1))
            continue
        fi
        if [ "$DRY_RUN" -eq 1 ]; then
            log INFO "ok: $(basename "$f")"
        else
            import_file "$f"
            mv "$f" "$ARCHIVE_DIR/"
        fi
        count=$((count + 1))
    done
    log INFO "done: $count imported, $failed rejected"
}

main "$@"
