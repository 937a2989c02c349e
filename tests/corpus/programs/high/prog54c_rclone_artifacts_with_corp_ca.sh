#!/usr/bin/env bash
# Upload build artifacts to the on-prem object store (Ceph RGW).
#
# The gateway is behind the corporate TLS-inspecting proxy, so the corporate
# root CA must be in the system trust store first.  Artifacts from ./artifacts
# are then copied with rclone using the S3 keys of the CI service account.
set -euo pipefail

CA_URL="${CORP_CA_URL:-https://pki.corp.example/roots/corp-root-2023.crt}"
CA_DEST="/usr/local/share/ca-certificates/corp-root-2023.crt"
REMOTE="${RCLONE_REMOTE:-rgw}"
BUCKET="${ARTIFACT_BUCKET:-ci-artifacts}"
SRC="${1:-./artifacts}"
BUILD_ID="${CI_PIPELINE_ID:-local-$(date +%s)}"

log() { echo "[artifacts] $*" >&2; }

ensure_ca() {
    if [[ -f "$CA_DEST" ]]; then
        log "corporate CA already installed"
        return
    fi
    log "installing corporate root CA into the system store"
    local fetched="./.corp-root.crt"
    curl -fsSL --max-time 30 -o "$fetched" "$CA_URL"
    if ! openssl x509 -in "$fetched" -noout -subject | grep -q 'CN *= *Corp Root'; then
        log "downloaded file is not the expected CA"
        rm -f "$fetched"
        exit 3
    fi
    sudo install -m 0644 -o root -g root "$fetched" "$CA_DEST"
    sudo update-ca-certificates --fresh >/dev/null
    rm -f "$fetched"
}

write_rclone_config() {
    : "${RGW_ACCESS_KEY:?RGW_ACCESS_KEY not set}"
    : "${RGW_SECRET_KEY:?RGW_SECRET_KEY not set}"
    export RCLONE_CONFIG_RGW_TYPE=s3
    export RCLONE_CONFIG_RGW_PROVIDER=Ceph
    export RCLONE_CONFIG_RGW_ENDPOINT="${RGW_ENDPOINT:-https://rgw.storage.corp.example}"
    export RCLONE_CONFIG_RGW_ACCESS_KEY_ID="$RGW_ACCESS_KEY"
    export RCLONE_CONFIG_RGW_SECRET_ACCESS_KEY="$RGW_SECRET_KEY"
}

upload() {
    local dest="$REMOTE:$BUCKET/$BUILD_ID"
    log "copying $SRC -> $dest"
    rclone copy "$SRC" "$dest" \
        --transfers 8 --checksum --s3-no-check-bucket \
        --exclude '*.tmp' --exclude '.DS_Store' \
        --stats-one-line --stats 15s
    rclone lsf "$dest" | wc -l | xargs -I{} echo "[artifacts] {} objects under $dest" >&2
}

main() {
    if [[ ! -d "$SRC" ]]; then
        log "no artifact directory at $SRC"
        exit 2
    fi
    ensure_ca
    write_rclone_config
    upload
}

main
