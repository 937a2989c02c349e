#!/bin/sh
# Pull the daily tariff and zone files from the city transport partner.
#
# The partner still publishes over anonymous FTP, and their HTTPS mirror uses
# a self-signed certificate, so both paths are tried. Files are staged in a
# shared scratch dir and then copied into the pricing service's import folder.

set -eu

FTP_HOST="${FTP_HOST:-ftp.example.net}"
HTTPS_MIRROR="${HTTPS_MIRROR:-https://partner.example.net/tariffs}"
STAGE="/tmp/tariff_stage"
IMPORT_DIR="${IMPORT_DIR:-./import}"
DAY="$(date +%Y%m%d)"
FILES="tariffs_${DAY}.csv zones_${DAY}.geojson"
RETRIES=3

log() {
    echo "$(date '+%F %T') tariff-pull: $*"
}

fetch_ftp() {
    name="$1"
    # anonymous login, plain FTP
    curl -sS --max-time 60 "ftp://anonymous:ops%40example.com@${FTP_HOST}/pub/bikeshare/${name}" \
        -o "${STAGE}/${name}"
}

fetch_https() {
    name="$1"
    # mirror cert is self-signed; partner has not fixed it yet
    curl -sS -k --max-time 60 "${HTTPS_MIRROR}/${name}" -o "${STAGE}/${name}"
}

fetch_one() {
    name="$1"
    attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if fetch_ftp "$name"; then
            log "got ${name} via ftp"
            return 0
        fi
        log "ftp attempt ${attempt} for ${name} failed, trying mirror"
        if fetch_https "$name"; then
            log "got ${name} via https mirror"
            return 0
        fi
        attempt=$((attempt + 1))
        sleep 5
    done
    return 1
}

validate() {
    f="$1"
    case "$f" in
        *.csv)
            head -1 "$f" | grep -q '^zone_id,' || { log "bad header in $f"; return 1; }
            ;;
        *.geojson)
            grep -q '"FeatureCollection"' "$f" || { log "not geojson: $f"; return 1; }
            ;;
    esac
    return 0
}

mkdir -p "$STAGE" "$IMPORT_DIR"

failed=0
for f in $FILES; do
    if ! fetch_one "$f"; then
        log "giving up on $f"
        failed=$((failed + 1))
        continue
    fi
    if validate "${STAGE}/${f}"; then
        cp "${STAGE}/${f}" "${IMPORT_DIR}/${f}"
        log "staged $f for import"
    else
        failed=$((failed + 1))
    fi
done

# quick status note for the pricing dashboard
printf '%s %s failed=%s\n' "$DAY" "$(hostname)" "$failed" >> /tmp/tariff_pull_status.log

if [ "$failed" -gt 0 ]; then
    log "${failed} file(s) missing; pricing keeps yesterday's tariff"
    exit 1
fi
log "all tariff files imported"
