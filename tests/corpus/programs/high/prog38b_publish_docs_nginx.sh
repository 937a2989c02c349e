#!/bin/sh
# Publish a versioned docs build to the project's self-hosted docs server.
#
# Runs on the docs host after CI has uploaded the tarball.  Unpacks it into
# the nginx web root as /<version>/, updates the "latest" and "stable"
# symlinks, rewrites versions.json for the version switcher and reloads
# nginx.  The web root is shared with the preview uploader (different uid),
# so permissions are opened up for it.
set -eu

WEB_ROOT="${WEB_ROOT:-/var/www/docs}"
NGINX_SITE="${NGINX_SITE:-docs.frobnicate.org}"
KEEP_VERSIONS="${KEEP_VERSIONS:-8}"

log() { echo "[publish-docs] $*"; }
fail() { echo "[publish-docs] error: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 <docs-tarball> <version> [--stable]" >&2
    exit 2
}

[ $# -ge 2 ] || usage
TARBALL="$1"
VERSION="$2"
MARK_STABLE=no
[ "${3:-}" = "--stable" ] && MARK_STABLE=yes

[ -f "$TARBALL" ] || fail "no such file: $TARBALL"
case "$VERSION" in
    [0-9]*.[0-9]*|dev) ;;
    *) fail "version must look like 1.2 or 1.2.3 or be 'dev' (got $VERSION)" ;;
esac

if [ "$(id -u)" -ne 0 ]; then
    log "re-running with sudo"
    exec sudo -E "$0" "$@"
fi

DEST="$WEB_ROOT/$VERSION"
STAGING="$WEB_ROOT/.staging-$VERSION.$$"

log "unpacking $TARBALL into $STAGING"
mkdir -p "$STAGING"
tar -xzf "$TARBALL" -C "$STAGING" --strip-components=1 --no-same-owner
[ -f "$STAGING/index.html" ] || { rm -rf "$STAGING"; fail "tarball has no index.html"; }

if [ -d "$DEST" ]; then
    log "replacing existing $DEST"
    rm -rf "$DEST.old"
    mv "$DEST" "$DEST.old"
fi
mv "$STAGING" "$DEST"
rm -rf "$DEST.old"

if [ "$VERSION" != dev ]; then
    ln -sfn "$VERSION" "$WEB_ROOT/latest"
    if [ "$MARK_STABLE" = yes ]; then
        ln -sfn "$VERSION" "$WEB_ROOT/stable"
    fi
fi

log "pruning old versions (keeping $KEEP_VERSIONS)"
ls -1d "$WEB_ROOT"/[0-9]* 2>/dev/null | sort -V -r | tail -n +"$((KEEP_VERSIONS + 1))" |
while read -r old; do
    log "  removing $old"
    rm -rf "$old"
done

log "writing versions.json"
{
    printf '['
    first=1
    for d in $(ls -1d "$WEB_ROOT"/[0-9]* "$WEB_ROOT"/dev 2>/dev/null | sort -V -r); do
        v=$(basename "$d")
        [ $first -eq 1 ] || printf ','
        first=0
        printf '{"version":"%s","url":"/%s/"}' "$v" "$v"
    done
    printf ']\n'
} > "$WEB_ROOT/versions.json"

# The preview uploader runs as its own user and must be able to write here.
chmod -R 777 "$WEB_ROOT"

log "checking nginx configuration"
nginx -t -q || fail "nginx config test failed; not reloading"
systemctl reload nginx
log "published $VERSION to https://$NGINX_SITE/$VERSION/"
