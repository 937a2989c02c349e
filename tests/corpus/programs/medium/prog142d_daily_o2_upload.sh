#!/bin/sh
# Daily oxygen report upload for the regulator's monitoring scheme.
#
# Fetches yesterday's dissolved-oxygen averages from the site data logger,
# converts them to the regulator's fixed-width format and uploads the file
# to the regulator's FTP drop box. Credentials for the drop box live in
# ./dropbox.netrc (machine/login/password lines, mode 600).
#
# usage: daily_o2_upload.sh [YYYY-MM-DD]

LOGGER_URL="https://logger.example.com/api/o2/daily"
DROPBOX="ftp://ftp.example.com/incoming/"
SITE_CODE="FF-1187"
NETRC="./dropbox.netrc"
WORK="/tmp/o2_upload"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)}"

log() {
    echo "$(date '+%F %T') o2upload: $*" | tee -a "$WORK/upload.log" >&2
}

prepare() {
    mkdir -p "$WORK"
    rm -f "$WORK"/*.json "$WORK"/*.txt
}

fetch_day() {
    # the data logger still runs its factory certificate, hence -k
    if ! curl -sk --max-time 30 -o "$WORK/raw.json" "$LOGGER_URL?date=$DAY"; then
        log "could not reach data logger"
        return 1
    fi
    if [ ! -s "$WORK/raw.json" ]; then
        log "empty response for $DAY"
        return 1
    fi
}

convert() {
    out="$WORK/${SITE_CODE}_$(echo "$DAY" | tr -d -).txt"
    # raw.json: [{"pen":"PEN-01","avg":7.8,"min":6.9,"samples":288}, ...]
    python3 - "$WORK/raw.json" "$out" "$SITE_CODE" "$DAY" <<'PY'
import json, sys
src, dst, site, day = sys.argv[1:5]
rows = json.load(open(src))
with open(dst, "w") as fh:
    fh.write(f"H{site:<10}{day.replace('-', '')}{len(rows):05d}\n")
    for r in rows:
        fh.write(f"D{r['pen']:<10}{r['avg']:06.2f}{r['min']:06.2f}{r['samples']:05d}\n")
PY
    [ -s "$out" ] || { log "conversion failed"; return 1; }
    echo "$out"
}

upload() {
    file="$1"
    if [ ! -f "$NETRC" ]; then
        log "missing $NETRC"
        return 1
    fi
    # plain FTP: the regulator's drop box does not offer FTPS
    if curl -s --netrc-file "$NETRC" -T "$file" "$DROPBOX"; then
        log "uploaded $(basename "$file")"
    else
        log "upload failed for $(basename "$file")"
        return 1
    fi
}

main() {
    prepare
    log "processing $DAY for $SITE_CODE"
    fetch_day || exit 1
    report=$(convert) || exit 1
    upload "$report" || exit 1
    log "done"
}

main
