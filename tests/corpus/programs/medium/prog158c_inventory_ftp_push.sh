#!/bin/sh
# Push tonight's shelf inventory to the campus bookstore's legacy POS.
#
# The POS only accepts drops over plain FTP, into /incoming/textbooks.
# Credentials live in ./pos_ftp.conf (FTP_HOST, FTP_USER, FTP_PASS).
#
#   inventory_ftp_push.sh [inventory.csv]

CONF="./pos_ftp.conf"
SRC="${1:-inventory.csv}"
STAGE="/tmp/bookx_inventory_push.csv"
MANIFEST="/tmp/bookx_push_manifest.txt"
REMOTE_DIR="/incoming/textbooks"
MAX_TRIES=3

msg() { echo "$(date '+%F %T') ftp-push: $*"; }

if [ ! -f "$CONF" ]; then
    msg "missing $CONF"
    exit 1
fi
. "$CONF"
: "${FTP_HOST:=pos.example.com}"

if [ ! -s "$SRC" ]; then
    msg "inventory file $SRC is empty or missing"
    exit 1
fi

# the POS chokes on CRLF and on a trailing blank line, so clean first
prepare() {
    tr -d '\r' < "$SRC" | sed '/^[[:space:]]*$/d' > "$STAGE"
    rows=$(($(wc -l < "$STAGE") - 1))
    if [ "$rows" -le 0 ]; then
        msg "no data rows after cleanup"
        exit 1
    fi
    stamp=$(date +%Y%m%d_%H%M)
    REMOTE_NAME="inv_${stamp}.csv"
    printf 'file=%s rows=%s md5=%s\n' "$REMOTE_NAME" "$rows" "$(md5sum "$STAGE" | cut -d' ' -f1)" > "$MANIFEST"
    msg "staged $rows rows as $REMOTE_NAME"
}

upload_once() {
    ftp -inv "$FTP_HOST" <<EOF
user $FTP_USER $FTP_PASS
binary
cd $REMOTE_DIR
put $STAGE $REMOTE_NAME
put $MANIFEST ${REMOTE_NAME%.csv}.manifest
bye
EOF
}

upload() {
    try=1
    while [ "$try" -le "$MAX_TRIES" ]; do
        out=$(upload_once 2>&1)
        if echo "$out" | grep -q "^226"; then
            msg "upload ok on attempt $try"
            return 0
        fi
        msg "attempt $try failed"
        echo "$out" | tail -3
        try=$((try + 1))
        sleep 10
    done
    return 1
}

prepare
if upload; then
    rm -f "$STAGE" "$MANIFEST"
    msg "done"
else
    msg "giving up after $MAX_TRIES attempts; staged file left at $STAGE"
    exit 2
fi
