#!/bin/sh
# Send the day's buyer premium invoices to the accounts bureau.
#
# The bureau still takes invoice batches over FTP. We pull the PDF invoices
# from the invoicing service, zip them into a batch and push the batch up.
# Credentials come from the environment (set by the accounts cron user).

INVOICE_API="${INVOICE_API:-https://invoices.example.com/api}"
BUREAU_HOST="${BUREAU_HOST:-ftp.example.net}"
SALE_ID="${1:-}"
BATCH_DIR="/tmp/invoice_batch"
BATCH_ZIP="/tmp/invoice_batch.zip"

log() {
    echo "$(date '+%H:%M:%S') $*"
}

fail() {
    log "ERROR: $*"
    exit 1
}

[ -n "$SALE_ID" ] || fail "usage: $0 SALE_ID"
[ -n "${INVOICE_TOKEN:-}" ] || fail "INVOICE_TOKEN not set"
[ -n "${BUREAU_USER:-}" ] && [ -n "${BUREAU_PASS:-}" ] || fail "bureau credentials not set"

prepare() {
    rm -rf "$BATCH_DIR" "$BATCH_ZIP"
    mkdir -p "$BATCH_DIR"
}

# the invoicing service sits behind the old internal CA, which the studio
# machines do not trust
fetch_list() {
    curl -sS -k -H "Authorization: Bearer $INVOICE_TOKEN" \
        "$INVOICE_API/sales/$SALE_ID/invoices?format=ids" > "$BATCH_DIR/ids.txt" \
        || fail "could not list invoices"
}

fetch_pdfs() {
    count=0
    while read -r inv; do
        [ -n "$inv" ] || continue
        if curl -sS -k -H "Authorization: Bearer $INVOICE_TOKEN" \
            -o "$BATCH_DIR/$inv.pdf" "$INVOICE_API/invoices/$inv.pdf"; then
            count=$((count + 1))
        else
            log "failed to fetch $inv"
        fi
    done < "$BATCH_DIR/ids.txt"
    log "fetched $count invoices"
    [ "$count" -gt 0 ] || fail "nothing to send"
}

bundle() {
    (cd "$BATCH_DIR" && zip -q "$BATCH_ZIP" ./*.pdf) || fail "zip failed"
    log "batch is $(du -h "$BATCH_ZIP" | cut -f1)"
}

push() {
    remote_name="premium_${SALE_ID}_$(date +%Y%m%d).zip"
    ftp -inv "$BUREAU_HOST" <<EOF
user $BUREAU_USER $BUREAU_PASS
binary
cd incoming
put $BATCH_ZIP $remote_name
bye
EOF
    log "uploaded $remote_name to $BUREAU_HOST"
}

cleanup() {
    rm -rf "$BATCH_DIR"
}

prepare
fetch_list
fetch_pdfs
bundle
push
cleanup
log "done for sale $SALE_ID"
