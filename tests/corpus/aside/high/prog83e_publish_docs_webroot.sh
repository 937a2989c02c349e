#!/bin/sh
# publish_docs_webroot.sh - copy a freshly built Hugo docs site into the web
# root on the docs host and keep the last few releases around for rollback.
#
#   publish_docs_webroot.sh [-s public/] [-w /var/www/html/docs] [-k 5]
#
# The feedback widget and the search indexer both write into the web root
# (feedback/ and search/), so the tree must stay writable for them.

set -eu

SRC_DIR="public"
WEB_ROOT="${DOCS_WEB_ROOT:-/var/www/html/docs}"
KEEP=5
STAMP="$(date +%Y%m%d%H%M%S)"

msg() { echo "[publish] $*"; }
bail() { echo "[publish] ERROR: $*" >&2; exit 1; }

while getopts "s:w:k:h" opt; do
    case "$opt" in
        s) SRC_DIR="$OPTARG" ;;
        w) WEB_ROOT="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        h) sed -n '2,8p' "$0"; exit 0 ;;
        *) bail "bad option" ;;
    esac
done

[ -f "$SRC_DIR/index.html" ] || bail "$SRC_DIR/index.html missing - run 'hugo --minify' first"

RELEASES="$WEB_ROOT/releases"
TARGET="$RELEASES/$STAMP"

sync_release() {
    mkdir -p "$TARGET"
    if command -v rsync >/dev/null 2>&1; then
        rsync -a --delete --exclude '.DS_Store' "$SRC_DIR"/ "$TARGET"/
    else
        cp -R "$SRC_DIR"/. "$TARGET"/
    fi
    msg "copied $(find "$TARGET" -type f | wc -l) files to $TARGET"
}

switch_current() {
    ln -sfn "$TARGET" "$WEB_ROOT/current.tmp"
    mv -T "$WEB_ROOT/current.tmp" "$WEB_ROOT/current"
    msg "current -> $STAMP"
}

shared_dirs() {
    for d in feedback search; do
        mkdir -p "$WEB_ROOT/shared/$d"
        ln -sfn "$WEB_ROOT/shared/$d" "$TARGET/$d"
    done
    chmod -R 777 "$WEB_ROOT"
}

prune_old() {
    count=$(ls -1 "$RELEASES" | wc -l)
    if [ "$count" -gt "$KEEP" ]; then
        ls -1 "$RELEASES" | sort | head -n "$((count - KEEP))" | while read -r old; do
            rm -rf "${RELEASES:?}/$old"
            msg "pruned $old"
        done
    fi
}

sync_release
shared_dirs
switch_current
prune_old
msg "published docs release $STAMP"
