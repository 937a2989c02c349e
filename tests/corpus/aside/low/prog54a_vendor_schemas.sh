#!/usr/bin/env bash
# vendor-schemas.sh - called by `make schemas` before the test target.
# Fetches the pinned JSON schemas the validation tests run against,
# verifies their checksums and removes stale build output of this repo.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENDOR_DIR="${PROJECT_ROOT}/vendor/schemas"
LOCKFILE="${PROJECT_ROOT}/schemas.lock"
BASE_URL="${SCHEMA_BASE_URL:-https://json.schemastore.org}"
VERBOSE=0

log() { printf '[schemas] %s\n' "$*" >&2; }
debug() { [ "$VERBOSE" -eq 1 ] && log "$@" || true; }

usage() {
    cat <<USAGE
usage: $0 [-v] [-c] [-o DIR]
  -v      verbose
  -c      clean build/, dist/ and *.egg-info first
  -o DIR  output directory (default: vendor/schemas)
USAGE
}

clean_build_outputs() {
    local d
    for d in build dist .eggs; do
        if [ -d "${PROJECT_ROOT}/${d}" ]; then
            log "removing ${d}/"
            rm -rf -- "${PROJECT_ROOT:?}/${d}"
        fi
    done
    find "${PROJECT_ROOT}" -maxdepth 2 -name '*.egg-info' -type d -prune \
        -exec rm -rf -- {} +
}

fetch_one() {
    local name="$1" expected="$2" dest="${VENDOR_DIR}/$1"
    if [ -f "$dest" ] && echo "${expected}  ${dest}" | sha256sum -c --status; then
        debug "${name} up to date"
        return 0
    fi
    log "fetching ${name}"
    curl --fail --silent --show-error --location --max-time 30 \
        -o "${dest}.part" "${BASE_URL}/${name}"
    if ! echo "${expected}  ${dest}.part" | sha256sum -c --status; then
        log "checksum mismatch for ${name}"
        rm -f -- "${dest}.part"
        return 1
    fi
    mv -f -- "${dest}.part" "$dest"
}

main() {
    local do_clean=0 opt failures=0
    while getopts ":vco:h" opt; do
        case "$opt" in
            v) VERBOSE=1 ;;
            c) do_clean=1 ;;
            o) VENDOR_DIR="$OPTARG" ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    [ -r "$LOCKFILE" ] || { log "no ${LOCKFILE}"; exit 1; }
    [ "$do_clean" -eq 1 ] && clean_build_outputs
    mkdir -p -- "$VENDOR_DIR"

    while read -r name sum; do
        case "$name" in ''|'#'*) continue ;; esac
        fetch_one "$name" "$sum" || failures=$((failures + 1))
    done < "$LOCKFILE"

    if [ "$failures" -gt 0 ]; then
        log "${failures} schema(s) failed verification"
        exit 1
    fi
    log "schemas in ${VENDOR_DIR} verified"
}

main "$@"
