#!/bin/sh
# Pull incident clips from the old pen camera NVR.
#
# The legacy NVR in the isolation block only offers FTP. When an incident
# is logged (bite, escape attempt, vet complaint) the office pulls the
# clip bundle for that pen and time window into the local incident folder.

set -u

NVR_HOST="${NVR_HOST:-198.51.100.20}"
NVR_USER="${NVR_USER:-review}"
NVR_PASS="${NVR_PASS:-review2019}"
STAGING="/tmp/cctv_pull"
INCIDENT_DIR="${INCIDENT_DIR:-./incidents}"
INDEX_URL="https://${NVR_HOST}:8443/api/index"

usage() {
    echo "usage: $0 -p PEN -d YYYYMMDD [-i INCIDENT_ID]" >&2
    exit 2
}

PEN=""
DAY=""
INCIDENT="manual"
while getopts "p:d:i:h" opt; do
    case "$opt" in
        p) PEN="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        i) INCIDENT="$OPTARG" ;;
        *) usage ;;
    esac
done
[ -n "$PEN" ] && [ -n "$DAY" ] || usage

log() { echo "[cctv-pull] $*" >&2; }

fetch_index() {
    # NVR web API ships a self-signed certificate
    curl -sk --max-time 20 -u "$NVR_USER:$NVR_PASS" \
        "$INDEX_URL?pen=$PEN&day=$DAY" -o "$STAGING/index.json"
}

fetch_bundle() {
    bundle="pen${PEN}_${DAY}.tar"
    log "downloading $bundle"
    ftp -inv "$NVR_HOST" >"$STAGING/ftp.log" 2>&1 <<EOF
user $NVR_USER $NVR_PASS
binary
cd /export/$DAY
lcd $STAGING
get $bundle
bye
EOF
    [ -s "$STAGING/$bundle" ] || { log "bundle not found on NVR"; return 1; }
    echo "$STAGING/$bundle"
}

unpack() {
    target="$INCIDENT_DIR/$INCIDENT"
    mkdir -p "$target"
    tar -xf "$1" -C "$target"
    log "clips unpacked into $target"
    ls -1 "$target" | head -n 20
}

prune_old() {
    # incident folders are kept for 90 days locally
    find "$INCIDENT_DIR" -mindepth 1 -maxdepth 1 -type d -mtime +90 -exec rm -rf {} +
}

mkdir -p "$STAGING" "$INCIDENT_DIR"
if fetch_index; then
    log "index saved to $STAGING/index.json"
else
    log "index unavailable, continuing with FTP only"
fi
bundle_path="$(fetch_bundle)" || exit 1
unpack "$bundle_path"
prune_old
log "done (incident $INCIDENT)"
