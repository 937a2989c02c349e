#!/usr/bin/env bash
# Pull the previous day's MT940/CSV statement files from the bank's
# corporate file-transfer server and import them into the accounting inbox.
#
# Config is read from ./statement_pull.conf:
#   BANK_HOST=files.examplebank.example
#   BANK_USER=acme-corp
#   BANK_ACCOUNTS="NL91ABNA0417164300 NL20INGB0001234567"
# The password is taken from BANK_FTP_PASSWORD in the environment.
set -eu

CONF="${1:-./statement_pull.conf}"
STAGING="/tmp/statement_pull"
INBOX="./accounting/inbox"
LOGFILE="./statement_pull.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGFILE" >&2; }

[ -f "$CONF" ] || { log "missing config $CONF"; exit 1; }
# shellcheck disable=SC1090
. "$CONF"
: "${BANK_HOST:?BANK_HOST not set}"
: "${BANK_USER:?BANK_USER not set}"
: "${BANK_ACCOUNTS:?BANK_ACCOUNTS not set}"
: "${BANK_FTP_PASSWORD:?BANK_FTP_PASSWORD not set}"

YESTERDAY=$(date -d yesterday +%Y%m%d 2>/dev/null || date -v-1d +%Y%m%d)

mkdir -p "$STAGING" "$INBOX"

fetch_listing() {
    curl --silent --show-error --list-only \
        --user "${BANK_USER}:${BANK_FTP_PASSWORD}" \
        "ftp://${BANK_HOST}/outgoing/"
}

fetch_file() {
    local name="$1"
    curl --silent --show-error --fail \
        --user "${BANK_USER}:${BANK_FTP_PASSWORD}" \
        --output "${STAGING}/${name}" \
        "ftp://${BANK_HOST}/outgoing/${name}"
}

validate_mt940() {
    # crude sanity check: must contain opening and closing balance tags
    grep -q ':60F:' "$1" && grep -q ':62F:' "$1"
}

log "listing statements on ${BANK_HOST} for ${YESTERDAY}"
listing=$(fetch_listing) || { log "listing failed"; exit 2; }

fetched=0
for account in $BANK_ACCOUNTS; do
    for name in $(printf '%s\n' "$listing" | grep -E "^${account}_${YESTERDAY}.*\.(sta|csv)$" || true); do
        if [ -f "${INBOX}/${name}" ]; then
            log "already imported ${name}"
            continue
        fi
        log "downloading ${name}"
        if ! fetch_file "$name"; then
            log "download of ${name} failed"
            continue
        fi
        case "$name" in
            *.sta)
                if ! validate_mt940 "${STAGING}/${name}"; then
                    log "${name} does not look like MT940, leaving in staging"
                    continue
                fi
                ;;
        esac
        mv "${STAGING}/${name}" "${INBOX}/${name}"
        fetched=$((fetched + 1))
    done
done

log "imported ${fetched} statement file(s) into ${INBOX}"
if [ "$fetched" -eq 0 ]; then
    log "no new statements; the bank usually publishes by 06:00"
fi
