#!/bin/sh
# parts_catalogue_install.sh - refresh the shared offline parts catalogue
#
# Pulls the supplier's monthly catalogue bundle (exploded diagrams as PNG,
# part index as CSV) for each marque listed in catalogue.conf, checks it
# against the published SHA-256 list and installs it system-wide under
# /usr/local/share/partscat/<marque> so every account on the counter PC sees
# the same copy. Then rebuilds index.tsv used by the counter lookup script.
#
# catalogue.conf:
#   MIRROR=https://downloads.classicpartsarchive.co.uk/catalogue
#   MARQUES="mgb triumph_tr jaguar_etype mini"
#   RELEASE=latest

set -eu

CONF="${1:-catalogue.conf}"
DEST="${PARTSCAT_DEST:-/usr/local/share/partscat}"
STAGE="/tmp/partscat-stage"
MIRROR="https://downloads.classicpartsarchive.co.uk/catalogue"
MARQUES="mgb"
RELEASE="latest"

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

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

mkdir -p "$STAGE"
$SUDO install -d -m 0755 "$DEST"
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
    $SUDO rm -rf "$DEST/$marque.new"
    $SUDO mkdir -p "$DEST/$marque.new"
    $SUDO tar -xzf "$STAGE/$bundle" -C "$DEST/$marque.new" --no-same-owner
    $SUDO rm -rf "$DEST/$marque.old"
    [ -d "$DEST/$marque" ] && $SUDO mv "$DEST/$marque" "$DEST/$marque.old"
    $SUDO mv "$DEST/$marque.new" "$DEST/$marque"
    $SUDO rm -rf "$DEST/$marque.old"
    $SUDO chmod -R a+rX "$DEST/$marque"
    say "$marque unpacked ($(find "$DEST/$marque" -type f | wc -l) files)"
}

ok=0; bad=0
for m in $MARQUES; do
    if fetch_marque "$m"; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
done

say "rebuilding index"
INDEX_TMP="$STAGE/index.tsv.new"
: > "$INDEX_TMP"
for idx in "$DEST"/*/parts.csv; do
    [ -f "$idx" ] || continue
    marque=$(basename "$(dirname "$idx")")
    awk -F, -v m="$marque" 'NR > 1 && $1 != "" {
        gsub(/"/, "", $0); printf "%s\t%s\t%s\t%s\n", m, $1, $2, $3
    }' "$idx" >> "$INDEX_TMP"
done
sort -t "$(printf '\t')" -k2,2 "$INDEX_TMP" | $SUDO tee "$DEST/index.tsv" >/dev/null
$SUDO chmod 0644 "$DEST/index.tsv"
rm -rf "$STAGE"

say "done: $ok marque(s) updated, $bad failed, $(wc -l < "$DEST/index.tsv") parts indexed"
[ "$bad" -eq 0 ]
