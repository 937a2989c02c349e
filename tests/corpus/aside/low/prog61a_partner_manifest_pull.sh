#!/usr/bin/env bash
# Pull partner manifests and data files into ./staging, verify checksums,
# and clear our own ./build directory between runs.
set -euo pipefail

BASE_URL="${PARTNER_BASE_URL:-https://exports.partner.example.com/daily}"
RUN_DATE="${1:-$(date -u +%Y-%m-%d)}"
STAGING="./staging/${RUN_DATE}"
BUILD="./build"
CURL_OPTS=(--fail --silent --show-error --location --max-time 120 --retry 3)

log() { printf '%s [pull] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

usage() {
    echo "usage: $0 [YYYY-MM-DD]" >&2
    exit 64
}

check_date() {
    [[ "$1" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || usage
}

fetch_manifest() {
    local url="${BASE_URL}/${RUN_DATE}/manifest.txt"
    log "manifest: ${url}"
    curl "${CURL_OPTS[@]}" -o "${STAGING}/manifest.txt" "${url}"
}

fetch_files() {
    local name sum count=0
    while read -r sum name; do
        [[ -z "${name}" || "${name}" == \#* ]] && continue
        case "${name}" in
            */*|..*) log "refusing odd name: ${name}"; continue ;;
        esac
        if [[ -f "${STAGING}/${name}" ]]; then
            log "have ${name}"
        else
            curl "${CURL_OPTS[@]}" -o "${STAGING}/${name}" "${BASE_URL}/${RUN_DATE}/${name}"
        fi
        echo "${sum}  ${name}" >> "${BUILD}/expected.sha256"
        count=$((count + 1))
    done < "${STAGING}/manifest.txt"
    log "listed ${count} files"
}

verify() {
    ( cd "${STAGING}" && sha256sum --check --quiet "../../${BUILD}/expected.sha256" )
}

summarize() {
    local rows
    for f in "${STAGING}"/*.csv; do
        [[ -e "$f" ]] || continue
        rows=$(($(wc -l < "$f") - 1))
        printf '%s\t%s\n' "$(basename "$f")" "${rows}"
    done > "${STAGING}/row_counts.tsv"
}

main() {
    check_date "${RUN_DATE}"
    rm -rf "${BUILD}"
    mkdir -p "${STAGING}" "${BUILD}"
    fetch_manifest
    fetch_files
    if verify; then
        log "checksums ok"
    else
        log "checksum mismatch, see ${BUILD}/expected.sha256"
        exit 1
    fi
    summarize
    log "staged into ${STAGING}"
}

main "$@"
