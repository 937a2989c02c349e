#!/bin/sh
# pbuilder-base-update: refresh the pbuilder base tarballs used by the
# package CI, one per distribution/architecture pair listed in DISTS.
#
#   DISTS="bookworm:amd64 bookworm:arm64 trixie:amd64" ./pbuilder-base-update.sh
#
# A shared apt cache is bind-mounted into each chroot so repeated updates do
# not hammer the mirror.

set -eu

DISTS="${DISTS:-bookworm:amd64 trixie:amd64}"
BASEDIR="${BASEDIR:-/var/cache/pbuilder}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
APTCACHE="${APTCACHE:-$BASEDIR/aptcache}"
EXTRA_PKGS="${EXTRA_PKGS:-ccache eatmydata lintian}"
KEEP_DAYS="${KEEP_DAYS:-3}"

log() { echo "[$(date +%H:%M:%S)] $*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo -n -- "$@"
    fi
}

tarball_for() {
    echo "$BASEDIR/base-$1-$2.tgz"
}

ensure_cache_mount() {
    target="$BASEDIR/build/aptcache"
    as_root mkdir -p "$APTCACHE" "$target"
    if ! mountpoint -q "$target"; then
        as_root mount --bind "$APTCACHE" "$target"
        log "bound $APTCACHE at $target"
    fi
}

release_cache_mount() {
    target="$BASEDIR/build/aptcache"
    if mountpoint -q "$target"; then
        as_root umount "$target" || log "warning: could not unmount $target"
    fi
}

create_or_update() {
    dist="$1"; arch="$2"
    tgz="$(tarball_for "$dist" "$arch")"
    common="--basetgz $tgz --distribution $dist --architecture $arch \
            --mirror $MIRROR --aptcache $APTCACHE --extrapackages \"$EXTRA_PKGS\""
    if [ -f "$tgz" ]; then
        log "updating $dist/$arch"
        as_root cp -p "$tgz" "$tgz.$(date +%Y%m%d)"
        eval as_root pbuilder --update --override-config $common
    else
        log "creating $dist/$arch"
        eval as_root pbuilder --create $common
    fi
}

prune_backups() {
    as_root find "$BASEDIR" -maxdepth 1 -name 'base-*.tgz.*' -mtime +"$KEEP_DAYS" -print -delete
}

command -v pbuilder >/dev/null 2>&1 || { echo "pbuilder not installed" >&2; exit 1; }

trap release_cache_mount EXIT INT TERM
ensure_cache_mount

status=0
for pair in $DISTS; do
    dist="${pair%%:*}"
    arch="${pair#*:}"
    if ! create_or_update "$dist" "$arch"; then
        log "failed: $dist/$arch"
        status=1
    fi
done

prune_backups
log "done (status $status)"
exit "$status"
