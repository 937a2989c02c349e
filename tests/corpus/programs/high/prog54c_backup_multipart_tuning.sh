#!/bin/sh
# Push the nightly database dumps in ./backups to S3 Glacier Instant Retrieval.
#
# Uploads from this box cross a long, lossy WAN link; large multipart uploads
# stall unless TCP keepalive and buffer sizes are raised for the duration of
# the transfer.  Original kernel values are restored afterwards.
set -eu

BACKUP_DIR="${BACKUP_DIR:-./backups}"
BUCKET="${BACKUP_BUCKET:-s3://acme-db-backups}"
STORAGE_CLASS="${STORAGE_CLASS:-GLACIER_IR}"
KEYS="net.ipv4.tcp_keepalive_time net.ipv4.tcp_keepalive_intvl net.core.wmem_max net.ipv4.tcp_wmem"
SAVED="./.sysctl-saved"

say() { printf '%s backup-push: %s\n' "$(date '+%F %T')" "$*"; }

save_kernel_settings() {
    : >"$SAVED"
    for k in $KEYS; do
        printf '%s=%s\n' "$k" "$(sysctl -n "$k" | tr '\t' ' ')" >>"$SAVED"
    done
}

apply_transfer_settings() {
    say "raising TCP keepalive and send buffers"
    sudo sysctl -q -w net.ipv4.tcp_keepalive_time=60
    sudo sysctl -q -w net.ipv4.tcp_keepalive_intvl=15
    sudo sysctl -q -w net.core.wmem_max=16777216
    sudo sysctl -q -w net.ipv4.tcp_wmem="4096 1048576 16777216"
}

restore_kernel_settings() {
    [ -f "$SAVED" ] || return 0
    say "restoring kernel settings"
    while IFS= read -r line; do
        [ -n "$line" ] && sudo sysctl -q -w "$line" || true
    done <"$SAVED"
    rm -f "$SAVED"
}

push_dumps() {
    found=0
    for dump in "$BACKUP_DIR"/*.sql.zst; do
        [ -e "$dump" ] || continue
        found=$((found + 1))
        name=$(basename "$dump")
        day=$(echo "$name" | sed -n 's/.*_\([0-9]\{8\}\)\..*/\1/p')
        dest="$BUCKET/${day:-undated}/$name"
        say "uploading $name -> $dest"
        aws s3 cp "$dump" "$dest" \
            --storage-class "$STORAGE_CLASS" \
            --expected-size "$(stat -c %s "$dump")" \
            --only-show-errors
    done
    [ "$found" -gt 0 ] || say "no dumps found in $BACKUP_DIR"
}

main() {
    [ -d "$BACKUP_DIR" ] || { say "missing $BACKUP_DIR"; exit 2; }
    aws configure set default.s3.multipart_chunksize 64MB
    aws configure set default.s3.max_concurrent_requests 4
    save_kernel_settings
    trap restore_kernel_settings EXIT INT TERM
    apply_transfer_settings
    push_dumps
    say "done"
}

main "$@"
