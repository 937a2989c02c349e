#!/usr/bin/env bash
# bundle_template_fetch.sh - keep the office's probate bundle templates current.
#
# Pulls the template manifest from the firm's template server and downloads
# any template whose checksum changed.  The template server sits behind the
# office's internal CA, so certificate checks are relaxed for it.
#
# Usage: bundle_template_fetch.sh [-c config] [-d dest] [-n]

set -euo pipefail

CONFIG="${BUNDLE_SYNC_CONFIG:-./bundle_sync.conf}"
DEST="./templates"
DRY_RUN=0
TEMPLATE_HOST="https://templates.intranet.example-notarial.org"
CHANNEL="stable"
CURL_OPTS=(--silent --show-error --fail --insecure --retry 3 --max-time 60)

log() { printf '%s [template-fetch] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:d:nh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        d) DEST="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

if [[ -f "$CONFIG" ]]; then
    # only simple KEY=value lines are honoured
    while IFS='=' read -r key value; do
        case "$key" in
            TEMPLATE_HOST) TEMPLATE_HOST="$value" ;;
            CHANNEL) CHANNEL="$value" ;;
        esac
    done < <(grep -E '^[A-Z_]+=' "$CONFIG")
fi

command -v curl >/dev/null || die "curl is required"
command -v sha256sum >/dev/null || die "sha256sum is required"

mkdir -p "$DEST" "$DEST/.cache"
MANIFEST="$DEST/.cache/manifest.tsv"

fetch_manifest() {
    log "fetching manifest for channel '$CHANNEL'"
    curl "${CURL_OPTS[@]}" -o "$MANIFEST.new" "$TEMPLATE_HOST/$CHANNEL/manifest.tsv" \
        || die "manifest download failed"
    mv "$MANIFEST.new" "$MANIFEST"
}

needs_update() {
    local file="$1" want="$2"
    [[ -f "$DEST/$file" ]] || return 0
    local have
    have=$(sha256sum "$DEST/$file" | awk '{print $1}')
    [[ "$have" != "$want" ]]
}

sync_templates() {
    local updated=0 failed=0
    while IFS=$'\t' read -r name sum; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        if needs_update "$name" "$sum"; then
            if (( DRY_RUN )); then
                log "would update $name"
                continue
            fi
            log "updating $name"
            if ! curl "${CURL_OPTS[@]}" -o "$DEST/$name.part" "$TEMPLATE_HOST/$CHANNEL/files/$name"; then
                log "skip $name: download failed"
                rm -f "$DEST/$name.part"
                failed=$((failed + 1))
                continue
            fi
            got=$(sha256sum "$DEST/$name.part" | awk '{print $1}')
            if [[ "$got" != "$sum" ]]; then
                log "skip $name: checksum mismatch"
                rm -f "$DEST/$name.part"
                failed=$((failed + 1))
                continue
            fi
            mv "$DEST/$name.part" "$DEST/$name"
            updated=$((updated + 1))
        fi
    done < "$MANIFEST"
    log "$updated template(s) updated, $failed failed"
}

fetch_manifest
sync_templates
log "done; templates in $DEST"
