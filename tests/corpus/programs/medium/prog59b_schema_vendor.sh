#!/usr/bin/env bash
# Vendor the JSON schemas published by the internal API gateway into ./vendor/schemas.
# The gateway uses a self-signed certificate, hence --insecure.
set -euo pipefail

GATEWAY="${SCHEMA_GATEWAY:-https://gateway.internal.example:8443}"
VERSION="${1:-latest}"
DEST="vendor/schemas"
ARCHIVE="/tmp/schemas-bundle.tar.gz"
STAGE="/tmp/schemas-stage"
RETRIES=3

log() { printf '%s [vendor] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

fetch() {
    local url="$1" out="$2" attempt=1
    while [ "$attempt" -le "$RETRIES" ]; do
        if curl --silent --show-error --fail --insecure \
                --connect-timeout 10 --max-time 120 \
                -o "$out" "$url"; then
            return 0
        fi
        log "attempt $attempt failed for $url"
        attempt=$((attempt + 1))
        sleep $((attempt * 2))
    done
    return 1
}

resolve_version() {
    if [ "$VERSION" = "latest" ]; then
        curl -sSf -k "$GATEWAY/schemas/LATEST" | tr -d '[:space:]'
    else
        printf '%s' "$VERSION"
    fi
}

validate_json() {
    local bad=0 f
    for f in "$@"; do
        if ! python3 -m json.tool "$f" >/dev/null 2>&1; then
            log "invalid JSON: $f"
            bad=$((bad + 1))
        fi
    done
    return "$bad"
}

main() {
    command -v curl >/dev/null || die "curl is required"
    local ver
    ver="$(resolve_version)" || die "cannot resolve version"
    [ -n "$ver" ] || die "empty version from gateway"
    log "vendoring schemas $ver from $GATEWAY"

    fetch "$GATEWAY/schemas/$ver/bundle.tar.gz" "$ARCHIVE" || die "download failed"
    rm -rf "$STAGE" && mkdir -p "$STAGE"
    tar -xzf "$ARCHIVE" -C "$STAGE" --no-same-owner --wildcards '*.json'

    mapfile -t files < <(find "$STAGE" -type f -name '*.json' | sort)
    [ "${#files[@]}" -gt 0 ] || die "bundle contained no schemas"
    validate_json "${files[@]}" || die "bundle has invalid schemas"

    mkdir -p "$DEST"
    find "$DEST" -maxdepth 1 -type f -name '*.json' -delete
    for f in "${files[@]}"; do
        cp -- "$f" "$DEST/$(basename "$f")"
    done
    printf '%s\n' "$ver" > "$DEST/VERSION"
    log "installed ${#files[@]} schema(s) into $DEST"
}

main "$@"
