#!/usr/bin/env bash
# make_source_tarball.sh -- assemble a reproducible source release of the
# project in ./dist, with a SHA256SUMS file next to it.
#
# Usage: ./scripts/make_source_tarball.sh [-n NAME] [-V VERSION] [-k]
#   -n NAME     project name (default: basename of the project directory)
#   -V VERSION  version (default: read from VERSION file)
#   -k          keep the staging directory under ./build for inspection
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$PROJECT_ROOT"

NAME="$(basename "$PROJECT_ROOT")"
VERSION=""
KEEP_STAGING=0
STAGING_ROOT="build/sdist-staging"
DIST_DIR="dist"

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":n:V:kh" opt; do
    case "$opt" in
        n) NAME="$OPTARG" ;;
        V) VERSION="$OPTARG" ;;
        k) KEEP_STAGING=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

if [[ -z "$VERSION" ]]; then
    [[ -f VERSION ]] || die "no VERSION file and no -V given"
    VERSION="$(tr -d '[:space:]' < VERSION)"
fi
[[ "$VERSION" =~ ^[0-9]+(\.[0-9]+)*([ab]|rc)?[0-9]*$ ]] || die "odd version string: $VERSION"

RELEASE="${NAME}-${VERSION}"
STAGE="${STAGING_ROOT}/${RELEASE}"

cleanup() {
    if [[ "$KEEP_STAGING" -eq 0 && -d "$STAGING_ROOT" ]]; then
        rm -rf -- "./${STAGING_ROOT}"
    fi
}
trap cleanup EXIT

# Files that go into the release; everything else is left out.
INCLUDE=(src tests docs README.md LICENSE pyproject.toml VERSION CHANGELOG.md)

log "staging ${RELEASE}"
rm -rf -- "./${STAGE}"
mkdir -p "$STAGE" "$DIST_DIR"

for item in "${INCLUDE[@]}"; do
    if [[ -e "$item" ]]; then
        cp -a -- "$item" "$STAGE/"
    else
        log "skipping missing $item"
    fi
done

# Strip caches and editor junk from the staged copy only.
find "$STAGE" \( -name '__pycache__' -o -name '*.pyc' -o -name '*~' -o -name '.DS_Store' \) \
    -prune -exec rm -rf -- {} +

# PKG-INFO so the tarball is a valid sdist.
cat > "$STAGE/PKG-INFO" <<EOF
Metadata-Version: 2.1
Name: ${NAME}
Version: ${VERSION}
EOF

TARBALL="${DIST_DIR}/${RELEASE}.tar.gz"
SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(stat -c %Y VERSION 2>/dev/null || date +%s)}"
log "writing ${TARBALL} (mtime ${SOURCE_DATE_EPOCH})"
tar --sort=name \
    --mtime="@${SOURCE_DATE_EPOCH}" \
    --owner=0 --group=0 --numeric-owner \
    -C "$STAGING_ROOT" -cf - "$RELEASE" | gzip -n -9 > "$TARBALL"

(
    cd "$DIST_DIR"
    sha256sum -- *.tar.gz > SHA256SUMS
)
chmod 0644 "$TARBALL" "${DIST_DIR}/SHA256SUMS"

size=$(du -h "$TARBALL" | cut -f1)
log "done: ${TARBALL} (${size})"
grep -- "${RELEASE}.tar.gz" "${DIST_DIR}/SHA256SUMS"
