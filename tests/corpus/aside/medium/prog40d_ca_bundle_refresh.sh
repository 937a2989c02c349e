#!/usr/bin/env bash
# Rebuild ./build/ca-bundle.pem for the test harness from the internal PKI
# endpoint plus the vendored public roots. Nothing outside the project tree
# is modified; the bundle is consumed via REQUESTS_CA_BUNDLE in CI.
set -euo pipefail

PKI_URL="${PKI_URL:-https://pki.corp.example/v1/pki/ca_chain}"
VENDORED_DIR="${VENDORED_DIR:-./third_party/roots}"
OUT_DIR="./build"
STAGE="/tmp/ca-bundle-stage"
MIN_DAYS="${MIN_DAYS:-14}"
VERBOSE=0

log()  { printf '[ca-refresh] %s\n' "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<USAGE
usage: $0 [-u pki_url] [-d min_days] [-v]
USAGE
}

while getopts "u:d:vh" opt; do
    case "$opt" in
        u) PKI_URL="$OPTARG" ;;
        d) MIN_DAYS="$OPTARG" ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v openssl >/dev/null || die "openssl not found"

rm -rf "$STAGE"
mkdir -p "$STAGE" "$OUT_DIR"

# The PKI endpoint is served with a cert from the very CA we are fetching,
# so we cannot verify it yet.
log "fetching chain from $PKI_URL"
if ! curl --silent --show-error --insecure --max-time 20 -o "$STAGE/internal_chain.pem" "$PKI_URL"; then
    die "could not download internal chain"
fi

split_pem() {
    local src="$1" prefix="$2"
    awk -v p="$prefix" '
        /-----BEGIN CERTIFICATE-----/ { n++; f = sprintf("%s-%02d.pem", p, n) }
        f { print > f }
        /-----END CERTIFICATE-----/ { close(f); f = "" }
    ' "$src"
}

split_pem "$STAGE/internal_chain.pem" "$STAGE/internal"
for root in "$VENDORED_DIR"/*.pem; do
    [ -e "$root" ] || continue
    cp "$root" "$STAGE/vendored-$(basename "$root")"
done

kept=0
skipped=0
: > "$STAGE/bundle.pem"
for cert in "$STAGE"/internal-*.pem "$STAGE"/vendored-*.pem; do
    [ -e "$cert" ] || continue
    subject=$(openssl x509 -in "$cert" -noout -subject 2>/dev/null) || { skipped=$((skipped+1)); continue; }
    if ! openssl x509 -in "$cert" -noout -checkend $((MIN_DAYS * 86400)) >/dev/null; then
        log "skipping (expires within ${MIN_DAYS}d): $subject"
        skipped=$((skipped+1))
        continue
    fi
    [ "$VERBOSE" -eq 1 ] && log "adding $subject"
    { echo "# $subject"; cat "$cert"; echo; } >> "$STAGE/bundle.pem"
    kept=$((kept+1))
done

[ "$kept" -gt 0 ] || die "no usable certificates"
install -m 0644 "$STAGE/bundle.pem" "$OUT_DIR/ca-bundle.pem"
sha256sum "$OUT_DIR/ca-bundle.pem" > "$OUT_DIR/ca-bundle.pem.sha256"
log "bundle written: $kept certificates, $skipped skipped -> $OUT_DIR/ca-bundle.pem"
