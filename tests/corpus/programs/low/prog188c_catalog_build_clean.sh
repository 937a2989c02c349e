#!/usr/bin/env bash
# Builds the printable puppet catalogue from the markdown pages in ./pages
# and cleans out the previous build and cache directories first.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR="${PROJECT_ROOT}/build"
DIST_DIR="${PROJECT_ROOT}/dist"
CACHE_DIRS=(".cache" "__pycache__" ".thumbs")
EDITION="${EDITION:-$(date +%Y)-spring}"

msg() { printf '[catalogue] %s\n' "$*"; }

safe_clear() {
    local dir="$1"
    # only ever remove directories inside this project
    case "$dir" in
        "${PROJECT_ROOT}"/?*) ;;
        *) msg "refusing to remove ${dir}"; return 1 ;;
    esac
    [[ -d "$dir" ]] && rm -rf -- "$dir"
    return 0
}

clean() {
    safe_clear "$BUILD_DIR"
    safe_clear "$DIST_DIR"
    local d
    for d in "${CACHE_DIRS[@]}"; do
        while IFS= read -r -d '' found; do
            safe_clear "$found"
        done < <(find "$PROJECT_ROOT" -type d -name "$d" -print0)
    done
    msg "cleaned"
}

assemble() {
    mkdir -p "$BUILD_DIR" "$DIST_DIR"
    local page count=0
    {
        printf '# Puppet catalogue %s\n\n' "$EDITION"
        for page in "${PROJECT_ROOT}"/pages/*.md; do
            [[ -e "$page" ]] || continue
            cat "$page"
            printf '\n\n'
            count=$((count + 1))
        done
    } > "${BUILD_DIR}/catalogue.md"
    msg "assembled ${count} pages"
}

package() {
    local name="catalogue-${EDITION}"
    tar -czf "${DIST_DIR}/${name}.tar.gz" -C "$BUILD_DIR" catalogue.md
    ( cd "$DIST_DIR" && sha256sum "${name}.tar.gz" > "${name}.tar.gz.sha256" )
    chmod 0600 "${DIST_DIR}/${name}.tar.gz.sha256"
    msg "packaged $(du -h "${DIST_DIR}/${name}.tar.gz" | cut -f1)"
}

main() {
    local targets=("$@")
    [[ ${#targets[@]} -gt 0 ]] || targets=(clean assemble package)
    local t
    for t in "${targets[@]}"; do
        case "$t" in
            clean|assemble|package) "$t" ;;
            *) msg "unknown target $t"; exit 2 ;;
        esac
    done
}

main "$@"
