#!/usr/bin/env bash
# Duty return acknowledgements fetch
# Pulls the monthly excise return acknowledgements from the bonded
# warehouse agent's FTP drop and the duty portal, unpacks them and files
# them next to our own working copies of the returns.

set -euo pipefail

FTP_HOST="${DUTY_FTP_HOST:-ftp.example.net}"
FTP_USER="${DUTY_FTP_USER:-glenexample}"
FTP_PASS="${DUTY_FTP_PASS:?set DUTY_FTP_PASS}"
PORTAL="${DUTY_PORTAL:-https://duty-portal.example.com}"
PERIOD="${1:-$(date +%Y-%m)}"
STAGE="/tmp/duty_acks"
FILED_DIR="${FILED_DIR:-$PWD/returns/$PERIOD}"

info() {
    echo "$(date '+%H:%M:%S') $*"
}

prepare() {
    mkdir -p "$STAGE" "$FILED_DIR"
    rm -f "$STAGE"/*
}

fetch_ftp() {
    info "fetching acknowledgements for $PERIOD from $FTP_HOST"
    ftp -inv "$FTP_HOST" <<EOF > "$STAGE/ftp.log" 2>&1
user $FTP_USER $FTP_PASS
binary
lcd $STAGE
cd acks/$PERIOD
mget *.tar.gz
bye
EOF
    if ! ls "$STAGE"/*.tar.gz >/dev/null 2>&1; then
        info "nothing on the FTP drop for $PERIOD"
        return 1
    fi
}

fetch_portal() {
    # The portal's certificate is issued by the agency's own CA which the
    # office PCs do not trust, so skip verification for this host.
    info "fetching portal receipt"
    curl -ksS --max-time 30 \
        -o "$STAGE/portal_receipt_$PERIOD.pdf" \
        "$PORTAL/receipts/$PERIOD.pdf" || info "portal receipt not available yet"
}

unpack() {
    local f
    for f in "$STAGE"/*.tar.gz; do
        [ -e "$f" ] || continue
        info "unpacking $(basename "$f")"
        tar -xzf "$f" -C "$FILED_DIR"
    done
    if [ -f "$STAGE/portal_receipt_$PERIOD.pdf" ]; then
        cp "$STAGE/portal_receipt_$PERIOD.pdf" "$FILED_DIR/"
    fi
}

report() {
    local n
    n=$(find "$FILED_DIR" -type f | wc -l)
    info "$n files filed under $FILED_DIR"
}

main() {
    prepare
    fetch_ftp || true
    fetch_portal
    unpack
    report
}

main "$@"
