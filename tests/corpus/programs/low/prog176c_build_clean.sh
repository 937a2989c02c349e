#!/usr/bin/env bash
# Tidies the allotment-booking app checkout before a release: removes the
# project's own build and cache output, then writes checksums for the
# release archives in ./dist. Only ever touches the working directory.
set -euo pipefail

PROJECT_ROOT="$(pwd)"
DIST_DIR="${PROJECT_ROOT}/dist"
KEEP_DIST=0

log() { printf '[clean] %s\n' "$*"; }

usage() {
    cat <<EOT
Usage: ${0##*/} [-k]
  -k   keep dist/ and write checksums for it
EOT
}

while getopts ":kh" o; do
    case "$o" in
        k) KEEP_DIST=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "${PROJECT_ROOT}/pyproject.toml" ]] || { log "not the project root"; exit 1; }

build_dirs() {
    local dirs=(build .pytest_cache .mypy_cache htmlcov .tox)
    [[ $KEEP_DIST -eq 1 ]] || dirs+=(dist)
    printf '%s\n' "${dirs[@]}"
}

remove_dirs() {
    local d
    while read -r d; do
        if [[ -d "${PROJECT_ROOT}/${d}" ]]; then
            rm -rf -- "${PROJECT_ROOT:?}/${d}"
            log "removed ${d}/"
        fi
    done < <(build_dirs)
}

remove_bytecode() {
    local n
    n=$(find "$PROJECT_ROOT" -name '__pycache__' -type d -prune | wc -l)
    find "$PROJECT_ROOT" -name '__pycache__' -type d -prune -exec rm -rf {} +
    find "$PROJECT_ROOT" -name '*.py[co]' -type f -delete
    log "removed ${n} __pycache__ dirs"
}

checksum_dist() {
    [[ -d "$DIST_DIR" ]] || { log "no dist/ to checksum"; return 0; }
    (
        cd "$DIST_DIR"
        sha256sum -- *.whl *.tar.gz 2>/dev/null >SHA256SUMS || true
        chmod 0600 SHA256SUMS
    )
    log "wrote dist/SHA256SUMS ($(wc -l <"$DIST_DIR/SHA256SUMS") files)"
}

main() {
    local steps=(remove_dirs remove_bytecode)
    [[ $KEEP_DIST -eq 1 ]] && steps+=(checksum_dist)
    local s
    for s in "${steps[@]}"; do
        "$s"
    done
    log "done"
}

main
