#!/usr/bin/env bash
# build_clean.sh - tidy the farm-tools checkout (dashboard widgets, label
# templates, sensor scripts) before packaging a release for the office PCs.
# Only touches build output inside this checkout, then writes a checksum
# manifest for the release folder.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
DIST="$ROOT/dist"
MANIFEST="$DIST/MANIFEST.md5"

# target name -> path relative to the checkout
declare -A TARGETS=(
    [build]="build"
    [cache]=".cache"
    [pytest]=".pytest_cache"
    [coverage]="htmlcov"
    [eggs]="farm_tools.egg-info"
)

say() { printf '[clean] %s\n' "$*"; }

inside_checkout() {
    # refuse anything that would resolve outside $ROOT
    local p
    p="$(realpath -m "$1")"
    [[ -n "$p" && "$p" == "$ROOT"/* ]]
}

remove_target() {
    local rel="$1" path="$ROOT/$1"
    if ! inside_checkout "$path"; then
        say "skipping $rel: outside checkout"
        return
    fi
    if [ -e "$path" ]; then
        rm -rf -- "$path"
        say "removed $rel"
    fi
}

clean_bytecode() {
    find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name '__pycache__' -print0 |
        xargs -0 -r rm -rf --
    find "$ROOT" -path "$ROOT/.git" -prune -o -type f -name '*.py[co]' -print0 |
        xargs -0 -r rm -f --
    say "bytecode removed"
}

write_manifest() {
    [ -d "$DIST" ] || { say "no dist/ yet, nothing to checksum"; return; }
    (cd "$DIST" && find . -type f ! -name 'MANIFEST.md5' -print0 | sort -z |
        xargs -0 -r md5sum) >"$MANIFEST"
    chmod 0600 "$MANIFEST"
    say "manifest: $(wc -l <"$MANIFEST") files"
}

main() {
    local only="${1:-all}" name
    for name in "${!TARGETS[@]}"; do
        if [ "$only" = "all" ] || [ "$only" = "$name" ]; then
            remove_target "${TARGETS[$name]}"
        fi
    done
    [ "$only" = "all" ] && clean_bytecode
    write_manifest
}

main "$@"
