#!/bin/sh
# fixture_tree.sh - (re)build the test fixture tree under ./build/fixtures.
# Uses install(1) to create directories and files with explicit modes so the
# permission-checking tests see a predictable layout. POSIX sh.
set -eu

BUILD_DIR="./build"
FIX_DIR="$BUILD_DIR/fixtures"
SCRATCH="$BUILD_DIR/tmp"
SRC_DIR="./tests/data"
QUIET=0

say() {
    [ "$QUIET" -eq 1 ] || printf 'fixtures: %s\n' "$*"
}

die() {
    printf 'fixtures: error: %s\n' "$*" >&2
    exit 1
}

usage() {
    cat <<USAGE
usage: $0 [-q] [-c]
  -q  quiet
  -c  clean only (remove ./build/fixtures and ./build/tmp)
USAGE
}

clean() {
    say "cleaning $FIX_DIR and $SCRATCH"
    rm -rf -- "$FIX_DIR" "$SCRATCH"
}

CLEAN_ONLY=0
while getopts "qch" opt; do
    case "$opt" in
        q) QUIET=1 ;;
        c) CLEAN_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[ -d "$SRC_DIR" ] || die "missing $SRC_DIR (run from the repo root)"
clean
[ "$CLEAN_ONLY" -eq 1 ] && exit 0

install -d -m 0700 "$BUILD_DIR" "$FIX_DIR" "$SCRATCH"

# mode table: relative-dir  mode  description
cat > "$SCRATCH/layout" <<'LAYOUT'
private 0700 owner-only directory
shared  0750 group-readable directory
keys    0700 fake key material
LAYOUT

while read -r sub mode _desc; do
    [ -n "$sub" ] || continue
    install -d -m "$mode" "$FIX_DIR/$sub"
    say "dir $sub ($mode)"
done < "$SCRATCH/layout"

count=0
for f in "$SRC_DIR"/*; do
    [ -f "$f" ] || continue
    name=$(basename -- "$f")
    case "$name" in
        *.key|*.pem) dest="$FIX_DIR/keys/$name"; mode=0600 ;;
        *.cfg)       dest="$FIX_DIR/shared/$name"; mode=0640 ;;
        *)           dest="$FIX_DIR/private/$name"; mode=0600 ;;
    esac
    install -m "$mode" -- "$f" "$dest"
    count=$((count + 1))
done

# a fake key generated for the "wrong mode" test, then tightened again
printf 'not-a-real-key-%s\n' "$$" > "$FIX_DIR/keys/generated.key"
chmod 600 "$FIX_DIR/keys/generated.key"

find "$FIX_DIR" -type f -exec sha256sum {} + | sort -k2 > "$BUILD_DIR/fixtures.sha256"
rm -rf -- "$SCRATCH"
say "installed $count fixture file(s); checksums in $BUILD_DIR/fixtures.sha256"
