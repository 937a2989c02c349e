#!/usr/bin/env bash
# Verify a downloaded release in ./dist against the project's signing keys.
# Keys live in ./keys/*.asc; a throwaway keyring is built in ./.release-keyring
# so the user's own ~/.gnupg is never touched.
set -euo pipefail

DIST_DIR="${DIST_DIR:-./dist}"
KEYS_DIR="${KEYS_DIR:-./keys}"
KEYRING_DIR="./.release-keyring"
RELEASE_URL="${RELEASE_URL:-}"
REPORT="./verify-report.txt"
VERBOSE=0

usage() {
    echo "usage: $0 [-v] [-u release-base-url]" >&2
    exit 2
}

log() { printf '[verify] %s\n' "$*" >&2; }

while getopts ":vu:" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        u) RELEASE_URL="$OPTARG" ;;
        *) usage ;;
    esac
done

cleanup() {
    rm -rf -- "$KEYRING_DIR"
}
trap cleanup EXIT

[ -d "$DIST_DIR" ] || { log "no $DIST_DIR directory"; exit 1; }
compgen -G "$KEYS_DIR/*.asc" >/dev/null || { log "no keys in $KEYS_DIR"; exit 1; }

umask 077
mkdir -p "$KEYRING_DIR"
for key in "$KEYS_DIR"/*.asc; do
    gpg --homedir "$KEYRING_DIR" --batch --quiet --import "$key"
done
[ "$VERBOSE" -eq 1 ] && gpg --homedir "$KEYRING_DIR" --list-keys --with-fingerprint >&2

if [ -n "$RELEASE_URL" ] && [ ! -f "$DIST_DIR/SHA256SUMS" ]; then
    log "fetching checksums from $RELEASE_URL"
    curl -fsSL --max-time 30 -o "$DIST_DIR/SHA256SUMS" "$RELEASE_URL/SHA256SUMS"
    curl -fsSL --max-time 30 -o "$DIST_DIR/SHA256SUMS.asc" "$RELEASE_URL/SHA256SUMS.asc"
fi

: > "$REPORT"
failures=0

if [ -f "$DIST_DIR/SHA256SUMS.asc" ]; then
    if gpg --homedir "$KEYRING_DIR" --batch --verify "$DIST_DIR/SHA256SUMS.asc" "$DIST_DIR/SHA256SUMS" 2>>"$REPORT"; then
        echo "SHA256SUMS signature: good" >> "$REPORT"
    else
        echo "SHA256SUMS signature: BAD" >> "$REPORT"
        failures=$((failures + 1))
    fi
    (cd "$DIST_DIR" && sha256sum --check --ignore-missing SHA256SUMS) >> "$REPORT" 2>&1 \
        || failures=$((failures + 1))
fi

for sig in "$DIST_DIR"/*.sig "$DIST_DIR"/*.asc; do
    [ -e "$sig" ] || continue
    case "$sig" in *SHA256SUMS.asc) continue ;; esac
    artifact="${sig%.*}"
    if [ ! -f "$artifact" ]; then
        log "signature without artifact: $sig"
        continue
    fi
    if gpg --homedir "$KEYRING_DIR" --batch --verify "$sig" "$artifact" 2>/dev/null; then
        printf 'OK   %s\n' "$(basename "$artifact")" >> "$REPORT"
    else
        printf 'FAIL %s\n' "$(basename "$artifact")" >> "$REPORT"
        failures=$((failures + 1))
    fi
done

chmod 600 "$REPORT"
log "report written to $REPORT ($failures failure(s))"
exit $(( failures > 0 ))
