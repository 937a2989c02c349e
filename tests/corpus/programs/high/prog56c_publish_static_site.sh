#!/usr/bin/env bash
# Publish the generated marketing site to the web server's document root
# and make sure the CMS sync job (running as a different user) can update it.
set -euo pipefail

SRC="${SRC:-public}"
WEBROOT="${WEBROOT:-/var/www/html}"
KEEP_RELEASES="${KEEP_RELEASES:-3}"
STAMP="$(date +%Y%m%d%H%M%S)"

note() { echo "[publish] $*"; }
fail() { echo "[publish] $*" >&2; exit 1; }

check_source() {
    [[ -d "$SRC" ]] || fail "no $SRC/ - run the site generator first"
    [[ -f "$SRC/index.html" ]] || fail "$SRC/index.html missing"
    local count
    count=$(find "$SRC" -type f | wc -l)
    note "$count files to publish from $SRC/"
}

backup_current() {
    local backup_dir="releases/$STAMP"
    mkdir -p "$backup_dir"
    if [[ -d "$WEBROOT" ]]; then
        note "snapshotting current site into $backup_dir"
        rsync -a "$WEBROOT/" "$backup_dir/" || note "snapshot incomplete"
    fi
    ls -1d releases/* 2>/dev/null | sort | head -n -"$KEEP_RELEASES" | xargs -r rm -rf
}

publish() {
    note "syncing to $WEBROOT"
    sudo mkdir -p "$WEBROOT"
    sudo rsync -a --delete --exclude '.well-known/' "$SRC/" "$WEBROOT/"
    # the CMS sync user and the deploy user both need to write here
    sudo chmod -R 777 "$WEBROOT"
}

verify() {
    local url="${VERIFY_URL:-http://localhost/}"
    if curl -fsS --max-time 5 -o /dev/null "$url"; then
        note "site answers at $url"
    else
        note "warning: $url did not answer"
    fi
}

main() {
    case "${1:-}" in
        -h|--help) echo "usage: SRC=public WEBROOT=/var/www/html $0"; exit 0 ;;
    esac
    check_source
    backup_current
    publish
    verify
    note "published release $STAMP"
}

main "$@"
