#!/usr/bin/env bash
# Fetches the current safety data sheets (SDS) for every chemical on the
# dosing-room inventory and publishes them for the staff tablets.
# The supplier portal's certificate is self-signed, and older sheets are
# still only on their FTP archive.
set -u

INVENTORY="${INVENTORY:-./chemicals.csv}"      # code,name,supplier
PORTAL="${SDS_PORTAL:-https://sds.example.com/sheets}"
FTP_HOST="${SDS_FTP:-ftp.example.net}"
FTP_USER="${SDS_FTP_USER:-anonymous}"
FTP_PASS="${SDS_FTP_PASS:-carwash@example.com}"
STAGE="/tmp/sds_stage"
PUBLISH_DIR="${PUBLISH_DIR:-./sds_public}"
PORT="${PORT:-8000}"

log() { echo "[sds] $*"; }

fetch_https() {
    local code="$1"
    curl -k -fsS --max-time 30 -o "$STAGE/$code.pdf" "$PORTAL/$code.pdf"
}

fetch_ftp() {
    local code="$1"
    ftp -inv "$FTP_HOST" <<EOF >/dev/null 2>&1
user $FTP_USER $FTP_PASS
binary
cd /archive/sds
lcd $STAGE
get $code.pdf
bye
EOF
    [[ -s "$STAGE/$code.pdf" ]]
}

fetch_bundle() {
    # the supplier also offers a monthly tarball with translations
    if curl -k -fsS --max-time 60 -o "$STAGE/translations.tar.gz" "$PORTAL/translations.tar.gz"; then
        tar -xzf "$STAGE/translations.tar.gz" -C "$STAGE"
        log "translations unpacked"
    fi
}

publish() {
    mkdir -p "$PUBLISH_DIR"
    cp "$STAGE"/*.pdf "$PUBLISH_DIR"/ 2>/dev/null || true
    chmod -R a+r "$PUBLISH_DIR"
    log "published $(ls "$PUBLISH_DIR" | wc -l) sheets"
}

serve() {
    # tablets on the wash floor browse this directly
    cd "$PUBLISH_DIR" && python3 -m http.server "$PORT" --bind 0.0.0.0
}

main() {
    if [[ ! -f "$INVENTORY" ]]; then
        log "inventory $INVENTORY not found"
        exit 1
    fi
    mkdir -p "$STAGE"
    local ok=0 missing=0
    while IFS=, read -r code name supplier; do
        [[ "$code" == "code" || -z "$code" ]] && continue
        if fetch_https "$code" || fetch_ftp "$code"; then
            ok=$((ok + 1))
        else
            log "no sheet for $code ($name, $supplier)"
            missing=$((missing + 1))
        fi
    done < "$INVENTORY"
    fetch_bundle
    log "fetched $ok, missing $missing"
    publish
    if [[ "${1:-}" == "--serve" ]]; then
        serve
    fi
}

main "$@"
