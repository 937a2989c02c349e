#!/usr/bin/env bash
# glaze_recipe_pull.sh - pull the shared glaze recipe book from the studio
# recipe server into ./recipes, one JSON file per recipe.
#
# Only recipes whose ETag changed since the last pull are fetched again.
# Settings can live in ./glaze_sync.conf (KEY=value lines):
#   SERVER=https://recipes.claystudio.example.org
#   DEST=./recipes
#   COLLECTION=cone6-midfire
set -euo pipefail

CONF="${GLAZE_CONF:-./glaze_sync.conf}"
SERVER="https://recipes.claystudio.example.org"
DEST="./recipes"
COLLECTION="cone6-midfire"
FORCE=0
QUIET=0

log() {
    [[ $QUIET -eq 1 ]] && return 0
    printf '%s [glaze-pull] %s\n' "$(date '+%F %T')" "$*" >&2
}

die() { printf 'error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $(basename "$0") [-s server] [-d dest] [-c collection] [-f] [-q]
  -s  recipe server base URL (default $SERVER)
  -d  destination directory (default $DEST)
  -c  collection to pull (default $COLLECTION)
  -f  re-download everything, ignoring cached ETags
  -q  quiet
EOF
}

load_conf() {
    [[ -f "$CONF" ]] || return 0
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        value="${value%\"}"; value="${value#\"}"
        case "$key" in
            SERVER) SERVER="$value" ;;
            DEST) DEST="$value" ;;
            COLLECTION) COLLECTION="$value" ;;
        esac
    done < "$CONF"
}

fetch_index() {
    local out="$1"
    curl -fsS --max-time 30 --retry 3 \
        -H 'Accept: application/json' \
        "$SERVER/api/collections/$COLLECTION/index.json" -o "$out" \
        || die "could not fetch recipe index from $SERVER"
}

pull_recipe() {
    local id="$1" etag="$2"
    local target="$DEST/$id.json" tagfile="$DEST/.etags/$id"
    if [[ $FORCE -eq 0 && -f "$tagfile" && "$(cat "$tagfile")" == "$etag" ]]; then
        return 1
    fi
    if curl -fsS --max-time 30 "$SERVER/api/recipes/$id" -o "$target.part"; then
        mv "$target.part" "$target"
        printf '%s' "$etag" > "$tagfile"
        return 0
    fi
    rm -f "$target.part"
    log "failed to pull $id, keeping old copy"
    return 1
}

cleanup() {
    rm -f "$DEST"/*.part "$DEST/.index.json" 2>/dev/null || true
}

main() {
    load_conf
    while getopts ':s:d:c:fqh' opt; do
        case "$opt" in
            s) SERVER="$OPTARG" ;;
            d) DEST="$OPTARG" ;;
            c) COLLECTION="$OPTARG" ;;
            f) FORCE=1 ;;
            q) QUIET=1 ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done

    command -v jq >/dev/null || die "jq is required"
    mkdir -p "$DEST/.etags"
    trap cleanup EXIT

    local index="$DEST/.index.json" updated=0 total=0
    log "fetching index for $COLLECTION from $SERVER"
    fetch_index "$index"

    while read -r id etag; do
        [[ -z "$id" ]] && continue
        total=$((total + 1))
        if pull_recipe "$id" "$etag"; then
            updated=$((updated + 1))
            log "updated $id"
        fi
    done < <(jq -r '.recipes[] | "\(.id) \(.etag)"' "$index")

    log "$updated of $total recipes updated in $DEST"
}

main "$@"
