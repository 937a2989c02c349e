#!/usr/bin/env bash
# fetch_breed_reference.sh
#
# Download the breed and species reference tables the intake form uses for
# its dropdowns and pre-existing-condition hints, cache them in the project
# directory and build the normalised CSVs the portal loads at start-up.
#
# Usage: fetch_breed_reference.sh [--refresh] [--clean]

set -euo pipefail

REF_BASE="https://reference.example.org/pets/v3"
TABLES=(species breeds hereditary_conditions)
CACHE_DIR="./.cache/breed_reference"
BUILD_DIR="./build/reference"
LOG_FILE="./fetch_breed_reference.log"
MAX_AGE_MIN=1440
REFRESH=0

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --refresh) REFRESH=1; shift ;;
            --clean)
                rm -rf "${CACHE_DIR:?}" "${BUILD_DIR:?}"
                log "removed ${CACHE_DIR} and ${BUILD_DIR}"
                exit 0 ;;
            -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
            *) log "unknown argument: $1"; exit 2 ;;
        esac
    done
}

cache_file() {
    local url="$1" key
    key=$(printf '%s' "$url" | md5sum | cut -c1-16)
    printf '%s/%s.csv' "$CACHE_DIR" "$key"
}

fetch_table() {
    local table="$1" url file
    url="${REF_BASE}/${table}.csv"
    file=$(cache_file "$url")
    if (( ! REFRESH )) && [[ -s "$file" ]] && [[ -z "$(find "$file" -mmin +"$MAX_AGE_MIN")" ]]; then
        log "cache hit for ${table}"
        printf '%s' "$file"
        return 0
    fi
    log "downloading ${url}"
    if ! curl -fsS --max-time 60 --retry 2 -o "${file}.part" "$url"; then
        rm -f "${file}.part"
        log "download failed for ${table}"
        return 1
    fi
    mv "${file}.part" "$file"
    printf '%s' "$file"
}

normalise() {
    local src="$1" dest="$2"
    # lower-case header, trim whitespace, drop blank lines and duplicates
    awk -F',' 'NR==1 { print tolower($0); next }
               NF > 0 { gsub(/^[ \t]+|[ \t]+$/, ""); if (!seen[$0]++) print }' "$src" > "$dest"
}

main() {
    parse_args "$@"
    mkdir -p "$CACHE_DIR" "$BUILD_DIR"
    local table src rows failed=0
    for table in "${TABLES[@]}"; do
        if ! src=$(fetch_table "$table"); then
            failed=$((failed + 1))
            continue
        fi
        normalise "$src" "${BUILD_DIR}/${table}.csv"
        rows=$(( $(wc -l < "${BUILD_DIR}/${table}.csv") - 1 ))
        log "built ${BUILD_DIR}/${table}.csv (${rows} rows)"
    done
    if (( failed > 0 )); then
        log "${failed} table(s) could not be fetched"
        exit 1
    fi
    log "reference tables ready"
}

main "$@"
