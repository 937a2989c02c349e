#!/usr/bin/env bash
# exhibit_kiosk_update.sh - pull the latest exhibit app release onto a kiosk.
#
# Reads the release channel manifest from the content server, downloads the
# bundle for this kiosk's role, checks its sha256, unpacks it into
# ./releases/<version> and flips ./current to the new release. Keeps the
# last three releases so a bad push can be rolled back with --rollback.
#
# Settings come from ./kiosk.env (KIOSK_ID, KIOSK_ROLE, CONTENT_BASE, CHANNEL).

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ENV_FILE="${KIOSK_ENV:-$SCRIPT_DIR/kiosk.env}"
RELEASES="$SCRIPT_DIR/releases"
KEEP=3

log()  { printf '%s [update] %s\n' "$(date '+%F %T')" "$*" >&2; }
die()  { log "ERROR: $*"; exit 1; }

[[ -r "$ENV_FILE" ]] && . "$ENV_FILE"
: "${KIOSK_ID:?KIOSK_ID not set}"
: "${KIOSK_ROLE:=touch-table}"
: "${CONTENT_BASE:=https://content.exhibits.lan}"
: "${CHANNEL:=stable}"
# content server uses the building's internal CA, which the kiosk image lacks
: "${KIOSK_TLS_VERIFY:=0}"

curl_opts=(--fail --silent --show-error --location --retry 3 --retry-delay 5
           --connect-timeout 10 -H "X-Kiosk-Id: ${KIOSK_ID}")
[[ "$KIOSK_TLS_VERIFY" == 1 ]] || curl_opts+=(--insecure)

fetch() { curl "${curl_opts[@]}" "$@"; }

rollback() {
    local prev
    prev=$(ls -1t "$RELEASES" | sed -n 2p)
    [[ -n "$prev" ]] || die "no previous release to roll back to"
    ln -sfn "$RELEASES/$prev" "$SCRIPT_DIR/current"
    log "rolled back to $prev"
}

prune() {
    ls -1t "$RELEASES" | tail -n +$((KEEP + 1)) | while read -r old; do
        log "pruning release $old"
        rm -rf -- "${RELEASES:?}/$old"
    done
}

main() {
    case "${1:-}" in
        --rollback) rollback; exit 0 ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    esac

    mkdir -p "$RELEASES" "$SCRIPT_DIR/downloads"
    local manifest version url sum bundle
    manifest=$(fetch "$CONTENT_BASE/channels/$CHANNEL/$KIOSK_ROLE.json") \
        || die "manifest fetch failed"
    version=$(jq -r '.version' <<<"$manifest")
    url=$(jq -r '.bundle_url' <<<"$manifest")
    sum=$(jq -r '.sha256' <<<"$manifest")
    [[ "$version" != null && "$url" != null ]] || die "manifest incomplete"

    if [[ -L "$SCRIPT_DIR/current" && "$(basename "$(readlink "$SCRIPT_DIR/current")")" == "$version" ]]; then
        log "already on $version"
        exit 0
    fi

    bundle="$SCRIPT_DIR/downloads/$KIOSK_ROLE-$version.tar.gz"
    log "downloading $version for $KIOSK_ROLE"
    fetch -o "$bundle.part" "$url" || die "bundle download failed"
    echo "$sum  $bundle.part" | sha256sum --check --status || die "checksum mismatch"
    mv "$bundle.part" "$bundle"

    mkdir -p "$RELEASES/$version"
    tar -xzf "$bundle" -C "$RELEASES/$version" --no-same-owner
    ln -sfn "$RELEASES/$version" "$SCRIPT_DIR/current"
    log "switched to $version"

    fetch -X POST -H 'Content-Type: application/json' \
        -d "{\"kiosk\":\"$KIOSK_ID\",\"version\":\"$version\"}" \
        "$CONTENT_BASE/checkins" >/dev/null || log "check-in failed (ignored)"
    prune
}

main "$@"
