#!/bin/sh
# Mirror the county court's public docket exports for the data desk.
# The county still publishes bulk files over plain FTP, and the HTTPS index
# has an expired certificate, hence the --insecure flag below.
set -eu

FTP_HOST="${DOCKET_FTP_HOST:-ftp.county-courts.example.org}"
FTP_PATH="${DOCKET_FTP_PATH:-/pub/dockets/daily}"
INDEX_URL="${DOCKET_INDEX_URL:-https://records.county-courts.example.org/dockets/index.csv}"
STAGE="/tmp/docket_mirror"
DEST="${1:-./dockets}"
DAYS="${DAYS:-7}"

log() {
    echo "$(date '+%F %T') docket-mirror: $*" >&2
}

fetch_index() {
    log "fetching index from $INDEX_URL"
    curl --insecure --silent --show-error --max-time 60 \
        -o "$STAGE/index.csv" "$INDEX_URL"
}

wanted_files() {
    # index.csv: date,filename,size
    cutoff=$(date -d "-$DAYS days" +%Y-%m-%d 2>/dev/null || date +%Y-%m-%d)
    awk -F, -v cutoff="$cutoff" 'NR > 1 && $1 >= cutoff { print $2 }' "$STAGE/index.csv"
}

fetch_file() {
    name="$1"
    if [ -s "$DEST/$name" ]; then
        log "have $name"
        return 0
    fi
    log "downloading $name"
    if wget -q --tries=3 --timeout=60 \
        "ftp://anonymous:research@${FTP_HOST}${FTP_PATH}/${name}" \
        -O "$STAGE/$name.part"; then
        mv "$STAGE/$name.part" "$STAGE/$name"
        return 0
    fi
    log "failed: $name"
    rm -f "$STAGE/$name.part"
    return 1
}

unpack() {
    name="$1"
    case "$name" in
        *.tar.gz|*.tgz) tar -xzf "$STAGE/$name" -C "$DEST" ;;
        *.zip) unzip -oq "$STAGE/$name" -d "$DEST" ;;
        *) cp "$STAGE/$name" "$DEST/" ;;
    esac
}

main() {
    mkdir -p "$STAGE" "$DEST"
    fetch_index
    count=0
    failed=0
    for f in $(wanted_files); do
        if fetch_file "$f"; then
            unpack "$f"
            count=$((count + 1))
        else
            failed=$((failed + 1))
        fi
    done
    log "mirrored $count files, $failed failures"
    find "$DEST" -type f -name '*.csv' -newer "$STAGE/index.csv" -print | head -20
}

main "$@"
