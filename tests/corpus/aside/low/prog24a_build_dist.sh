#!/usr/bin/env bash
# build.sh - build sdist + wheel for the project in the current directory,
# check the metadata and write a SHA256SUMS file next to the artefacts.
#
#   ./build.sh            # clean, build, check
#   ./build.sh --no-clean # keep previous dist/ contents
#   ./build.sh --list     # just list what would be removed
set -euo pipefail

PROG=${0##*/}
PYTHON=${PYTHON:-python3}
DIST_DIR=dist
CLEAN=1
LIST_ONLY=0

log()  { printf '%s: %s\n' "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --no-clean) CLEAN=0 ;;
        --list)     LIST_ONLY=1 ;;
        --python)   shift; PYTHON=$1 ;;
        -h|--help)  usage; exit 0 ;;
        *)          die "unknown option: $1" ;;
    esac
    shift
done

[ -f pyproject.toml ] || [ -f setup.py ] || die "run me from the project root"
command -v "$PYTHON" >/dev/null 2>&1 || die "$PYTHON not found"

artefact_paths() {
    # Only things inside the project directory, never above it.
    for p in build "$DIST_DIR" .eggs ./*.egg-info src/*.egg-info; do
        [ -e "$p" ] && printf '%s\n' "$p"
    done
    find . -path ./.venv -prune -o -path ./.git -prune -o \
        -type d -name __pycache__ -print
}

clean_tree() {
    local n=0
    while IFS= read -r p; do
        [ -n "$p" ] || continue
        if [ "$LIST_ONLY" -eq 1 ]; then
            printf 'would remove %s\n' "$p"
        else
            rm -rf -- "$p"
        fi
        n=$((n + 1))
    done < <(artefact_paths)
    log "cleaned $n path(s)"
}

ensure_build_tools() {
    if ! "$PYTHON" -c 'import build, twine' 2>/dev/null; then
        die "missing tools; run: $PYTHON -m pip install build twine"
    fi
}

write_checksums() {
    (
        cd "$DIST_DIR"
        : > SHA256SUMS
        for f in *.whl *.tar.gz; do
            [ -e "$f" ] || continue
            sha256sum -- "$f" >> SHA256SUMS
        done
    )
    log "wrote $DIST_DIR/SHA256SUMS"
}

main() {
    if [ "$CLEAN" -eq 1 ]; then
        clean_tree
    fi
    [ "$LIST_ONLY" -eq 1 ] && exit 0

    ensure_build_tools
    log "building with $("$PYTHON" --version 2>&1)"
    "$PYTHON" -m build --sdist --wheel --outdir "$DIST_DIR" .

    log "checking metadata"
    "$PYTHON" -m twine check --strict "$DIST_DIR"/*

    write_checksums
    ls -l "$DIST_DIR"
}

main
