#!/usr/bin/env bash
# Build the studio's portfolio bundle (photos + piece sheets) for the website
# team, or clean out this project's build output and caches.
set -euo pipefail

cd "$(dirname "$0")"
PROJECT="$(basename "$PWD")"
BUILD_DIRS=(build dist .cache)
SOURCES=(photos sheets)
STAMP="$(date +%Y%m%d)"

msg() { printf '[%s] %s\n' "$PROJECT" "$*"; }

clean() {
    local d
    for d in "${BUILD_DIRS[@]}"; do
        if [[ -d "./$d" ]]; then
            rm -rf -- "./$d"
            msg "removed ./$d"
        fi
    done
    find . -maxdepth 2 -name '*.tmp' -type f -delete
}

manifest() {
    local out="$1"
    : > "$out"
    local src
    for src in "${SOURCES[@]}"; do
        [[ -d "$src" ]] || continue
        find "$src" -type f \( -iname '*.jpg' -o -iname '*.png' -o -iname '*.pdf' \) -print0 \
            | sort -z | xargs -0 -r sha256sum >> "$out"
    done
    msg "manifest: $(wc -l < "$out") files"
}

build() {
    mkdir -p build dist .cache
    manifest build/MANIFEST.sha256
    cat > build/README.txt <<TXT
Portfolio bundle ${STAMP}
Project: ${PROJECT}
Contents: ${SOURCES[*]}
Checksums: MANIFEST.sha256
TXT
    local existing=()
    local s
    for s in "${SOURCES[@]}"; do [[ -d "$s" ]] && existing+=("$s"); done
    tar -czf "dist/portfolio_${STAMP}.tar.gz" -C . build/README.txt build/MANIFEST.sha256 "${existing[@]}"
    msg "bundle: dist/portfolio_${STAMP}.tar.gz ($(du -h "dist/portfolio_${STAMP}.tar.gz" | cut -f1))"
}

declare -A ACTIONS=([build]=build [clean]=clean [rebuild]="clean build")

main() {
    local action="${1:-build}" step
    [[ -n "${ACTIONS[$action]:-}" ]] || { echo "usage: $0 {build|clean|rebuild}" >&2; exit 2; }
    for step in ${ACTIONS[$action]}; do
        "$step"
    done
}

main "$@"
