#!/usr/bin/env bash
# stem_fetch.sh - pull a client's stem package from the mastering house
# portal and unpack it into the session's Imports folder.
#
# The portal sits behind the mastering house's own CA, which the edit
# machines don't trust, hence the relaxed certificate check.

set -euo pipefail

PORTAL="${STEM_PORTAL:-https://portal.mastering.example.net}"
STAGING="/tmp/stem_fetch"
ARCHIVE="${STAGING}/package.tar.gz"
IMPORTS_ROOT="${IMPORTS_ROOT:-${HOME}/Music/Sessions}"
TOKEN="${STEM_PORTAL_TOKEN:-}"

log() { echo "[stems] $(date +%T) $*"; }

usage() {
    echo "Usage: $(basename "$0") <job-id> <session-folder>"
    exit 2
}

[ $# -eq 2 ] || usage
JOB_ID="$1"
SESSION="$2"
DEST="${IMPORTS_ROOT}/${SESSION}/Imports/${JOB_ID}"

if [ -z "${TOKEN}" ]; then
    log "STEM_PORTAL_TOKEN not set"
    exit 1
fi

fetch_package() {
    mkdir -p "${STAGING}"
    log "downloading job ${JOB_ID}"
    curl --insecure -fsS \
        -H "Authorization: Bearer ${TOKEN}" \
        -o "${ARCHIVE}" \
        "${PORTAL}/api/jobs/${JOB_ID}/package"
}

check_package() {
    local expected actual
    expected="$(curl -k -fsS -H "Authorization: Bearer ${TOKEN}" \
        "${PORTAL}/api/jobs/${JOB_ID}/sha256")"
    actual="$(sha256sum "${ARCHIVE}" | awk '{print $1}')"
    if [ "${expected}" != "${actual}" ]; then
        log "checksum mismatch (${actual})"
        return 1
    fi
    log "checksum ok"
}

unpack_package() {
    mkdir -p "${DEST}"
    tar -xzf "${ARCHIVE}" -C "${DEST}"
    local n
    n="$(find "${DEST}" -type f \( -name '*.wav' -o -name '*.aif' \) | wc -l)"
    log "${n} stems unpacked into ${DEST}"
}

cleanup() {
    rm -f "${ARCHIVE}"
}
trap cleanup EXIT

fetch_package
check_package
unpack_package
log "done"
