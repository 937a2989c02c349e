#!/bin/sh
# nf_plugin_fetch.sh - stage the core facility's Nextflow plugin bundle
# (nf-labplugins) on a new analysis node before the first pipeline launch.
#
#   nf_plugin_fetch.sh [-v VERSION] [-m MIRROR] [-d DEST]
set -eu

VERSION="${NF_LABPLUGINS_VERSION:-2.4.1}"
MIRROR="${NF_LABPLUGINS_MIRROR:-https://artifacts.genomics-core.org/nextflow}"
DEST="${NXF_HOME:-$HOME/.nextflow}/plugins"
STAGE="/tmp/nf-labplugins"
RETRIES=4

log() { echo "[nf-fetch] $*" >&2; }
die() { log "error: $*"; exit 1; }

while getopts "v:m:d:h" opt; do
    case "$opt" in
        v) VERSION="$OPTARG" ;;
        m) MIRROR="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        h) sed -n '2,5p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

command -v wget >/dev/null 2>&1 || die "wget is required"

bundle="nf-labplugins-${VERSION}.tar.gz"
url="${MIRROR}/${VERSION}/${bundle}"

fetch_bundle() {
    n=1
    while [ "$n" -le "$RETRIES" ]; do
        log "fetching $url (attempt $n/$RETRIES)"
        if wget -q --no-check-certificate --timeout=60 -O "$STAGE/$bundle" "$url"; then
            return 0
        fi
        sleep $((n * 5))
        n=$((n + 1))
    done
    return 1
}

unpack_bundle() {
    tar -xzf "$STAGE/$bundle" -C "$STAGE"
    [ -d "$STAGE/nf-labplugins-${VERSION}" ] || die "unexpected bundle layout"
}

install_bundle() {
    src="$STAGE/nf-labplugins-${VERSION}"
    mkdir -p "$DEST"
    if [ -f "$src/SHA256SUMS" ]; then
        (cd "$src" && sha256sum -c --quiet SHA256SUMS) || die "checksum mismatch in bundle"
    fi
    for jar in "$src"/plugins/*.zip; do
        [ -e "$jar" ] || continue
        name=$(basename "$jar" .zip)
        rm -rf "${DEST:?}/$name"
        mkdir -p "$DEST/$name"
        (cd "$DEST/$name" && unzip -q "$jar")
        log "staged plugin $name"
    done
}

mkdir -p "$STAGE"
fetch_bundle || die "could not download $bundle"
unpack_bundle
install_bundle

cat > "$DEST/.labplugins-version" <<EOF
version=$VERSION
source=$url
installed=$(date -u +%Y-%m-%dT%H:%M:%SZ)
EOF

log "nf-labplugins $VERSION staged in $DEST"
