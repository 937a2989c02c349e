#!/bin/sh
# parts_catalogue_fetch.sh - refresh the offline parts catalogue
#
# Pulls the supplier's monthly catalogue bundle (exploded diagrams as PNG,
# part index as CSV) for each marque listed in catalogue.conf, checks it
# against the published SHA-256 list and unpacks it under ./catalogue/<marque>.
# Then rebuilds ./catalogue/index.tsv used by the counter lookup script.
#
# catalogue.conf:
#   MIRROR=https://downloads.classicpartsarchive.co.uk/catalogue
#   MARQUES="mgb triumph_tr jaguar_etype mini"
#   RELEASE=latest

set -eu

CONF="${1:-catalogue.conf}"
DEST="catalogue"
STAGE="/tmp/partscat-stage"
MIRROR="https://downloads.classicpartsarchive.co.uk/catalogue"
MARQUES="mgb"
RELEASE="latest"

say()  { echo "[catalogue] $*"; }
fail() { echo "[catalogue] error: $*" >&2; exit 1; }

if [ -f "$CONF" ]; then
    # shellcheck disable=SC1090
    case "$CONF" in */*) . "$CONF" ;; *) . "./$CONF" ;; esac
else
    say "no $CONF, using defaults"
fi

for tool in wget sha256sum tar awk; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool not installed"
done

# the mirror's certificate chain is not in older distro bundles
WGET="wget -q --tries=3 --timeout=30 --no-check-certificate"

mkdir -p "$STAGE" "$DEST"
$WGET -O "$STAGE/SHA256SUMS" "$MIRROR/$RELEASE/SHA256SUMS" || fail "cannot fetch checksum list"

fetch_marque() {
    marque="$1"
    bundle="${marque}.tar.gz"
    say "fetching $marque ($RELEASE)"
    if ! $WGET -O "$STAGE/$bundle" "$MIRROR/$RELEASE/$bundle"; then
        say "download failed for $marque"
        return 1
    fi
    expected=$(awk -v f="$bundle" '$2 == f || $2 == "*"f {print $1}' "$STAGE/SHA256SUMS")
    [ -n "$expected" ] || { say "no checksum listed for $bundle"; return 1; }
    actual=$(sha256sum "$STAGE/$bundle" | awk '{print $1}')
    if [ "$expected" != "$actual" ]; then
        say "checksum mismatch for $bundle"
        return 1
    fi
    rm -rf "$DEST/$marque.new"
    mkdir -p "$DEST/$marque.new"
    tar -xzf "$STAGE/$bundle" -C "$DEST/$marque.new" --no-same-owner
    rm -rf "$DEST/$marque.old"
    [ -d "$DEST/$marque" ] && mv "$DEST/$marque" "$DEST/$marque.old"
    mv "$DEST/$marque.new" "$DEST/$marque"
    rm -rf "$DEST/$marque.old"
    say "$marque unpacked ($(find "$DEST/$marque" -type f | wc -l) files)"
}

ok=0; bad=0
for m in $MARQUES; do
    if fetch_marque "$m"; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
done

say "rebuilding index"
: > "$DEST/index.tsv.new"
for idx in "$DEST"/*/parts.csv; do
    [ -f "$idx" ] || continue
    marque=$(basename "$(dirname "$idx")")
    awk -F, -v m="$marque" 'NR > 1 && $1 != "" {
        gsub(/"/, "", $0); printf "%s\t%s\t%s\t%s\n", m, $1, $2, $3
    }' "$idx" >> "$DEST/index.tsv.new"
done
sort -t "$(printf '\t')" -k2,2 "$DEST/index.tsv.new" > "$DEST/index.tsv"
rm -f "$DEST/index.tsv.new"
rm -rf "$STAGE"

say "done: $ok marque(s) updated, $bad failed, $(wc -l < "$DEST/index.tsv") parts indexed"
[ "$bad" -eq 0 ]
