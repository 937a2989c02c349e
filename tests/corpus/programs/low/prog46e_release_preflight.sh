#!/usr/bin/env bash
# release-preflight.sh - sanity checks before tagging a release.
#
# Run from the project root after `python -m build`. It
#   * removes stale build leftovers (build/, *.egg-info, __pycache__)
#   * checks that dist/ only holds artifacts for the version in pyproject.toml
#   * asks the PyPI JSON API whether that version is already published
#   * writes dist/SHA256SUMS for the release notes
set -euo pipefail

PROJECT_ROOT="$(pwd)"
DIST_DIR="${DIST_DIR:-dist}"
INDEX_URL="${INDEX_URL:-https://pypi.org/pypi}"
KEEP_BUILD=0
VERBOSE=0

usage() {
    echo "usage: $0 [-k] [-v] [-d DIST_DIR]" >&2
    exit 64
}

log() { printf '[preflight] %s\n' "$*"; }
debug() { [ "$VERBOSE" -eq 1 ] && printf '[preflight:debug] %s\n' "$*" || true; }

while getopts "kvd:h" opt; do
    case "$opt" in
        k) KEEP_BUILD=1 ;;
        v) VERBOSE=1 ;;
        d) DIST_DIR="$OPTARG" ;;
        *) usage ;;
    esac
done

[ -f "$PROJECT_ROOT/pyproject.toml" ] || { echo "run me from the project root" >&2; exit 2; }

project_field() {
    # crude but dependency-free: first `key = "value"` under [project]
    sed -n '/^\[project\]/,/^\[/p' pyproject.toml | sed -n "s/^$1[[:space:]]*=[[:space:]]*\"\(.*\)\"/\1/p" | head -n1
}

NAME="$(project_field name)"
VERSION="$(project_field version)"
[ -n "$NAME" ] && [ -n "$VERSION" ] || { echo "could not read name/version" >&2; exit 2; }
NORM="$(printf '%s' "$NAME" | tr '.-' '__')"
log "project $NAME $VERSION"

clean_leftovers() {
    if [ "$KEEP_BUILD" -eq 0 ] && [ -d "$PROJECT_ROOT/build" ]; then
        debug "removing ./build"
        rm -rf -- "$PROJECT_ROOT/build"
    fi
    find "$PROJECT_ROOT" -path "$PROJECT_ROOT/.git" -prune -o \
        \( -name '__pycache__' -o -name '*.egg-info' \) -type d -print0 |
        while IFS= read -r -d '' dir; do
            debug "removing $dir"
            rm -rf -- "$dir"
        done
}

check_dist() {
    local bad=0 f
    shopt -s nullglob
    for f in "$DIST_DIR"/*.whl "$DIST_DIR"/*.tar.gz; do
        case "$(basename "$f")" in
            "${NORM}-${VERSION}-"*.whl|"${NORM}-${VERSION}.tar.gz"|"${NAME}-${VERSION}.tar.gz") debug "ok $f" ;;
            *) log "unexpected artifact: $f"; bad=1 ;;
        esac
    done
    shopt -u nullglob
    return "$bad"
}

already_published() {
    local code
    code="$(curl -sS -o /dev/null -w '%{http_code}' --max-time 15 "$INDEX_URL/$NAME/$VERSION/json" || echo 000)"
    debug "index answered $code"
    [ "$code" = "200" ]
}

clean_leftovers
check_dist || { log "clean $DIST_DIR and rebuild"; exit 1; }

if already_published; then
    log "$NAME $VERSION is already on the index - bump the version"
    exit 1
fi

( cd "$DIST_DIR" && sha256sum -- *.whl *.tar.gz > SHA256SUMS )
chmod 0600 "$DIST_DIR/SHA256SUMS"
log "wrote $DIST_DIR/SHA256SUMS"
log "preflight passed"
