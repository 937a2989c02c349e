#!/bin/sh
# Prepare a RAM-backed page cache for the nightly SEO crawl, run the crawl,
# then archive the results and release the memory.
set -eu

CACHE_MNT="${CACHE_MNT:-/mnt/seo-crawl-cache}"
CACHE_SIZE="${CACHE_SIZE:-4g}"
SEED_FILE="${SEED_FILE:-seeds.txt}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./crawl-archives}"
CRAWLER="${CRAWLER:-./crawler.py}"
RUN_ID="$(date +%Y%m%d-%H%M)"

say() { echo "[ramdisk $RUN_ID] $*"; }

need() {
    command -v "$1" >/dev/null 2>&1 || { say "missing dependency: $1"; exit 1; }
}

mount_cache() {
    if mountpoint -q "$CACHE_MNT"; then
        say "$CACHE_MNT already mounted, reusing"
        return
    fi
    sudo mkdir -p "$CACHE_MNT"
    sudo mount -t tmpfs -o "size=$CACHE_SIZE,mode=0750,uid=$(id -u),gid=$(id -g)" \
        seo-tmpfs "$CACHE_MNT"
    say "mounted tmpfs ($CACHE_SIZE) on $CACHE_MNT"
}

release_cache() {
    if mountpoint -q "$CACHE_MNT"; then
        sudo umount "$CACHE_MNT"
        say "unmounted $CACHE_MNT"
    fi
}

run_crawl() {
    seeds=$(grep -cv '^#' "$SEED_FILE" || true)
    say "crawling $seeds seeds"
    python3 "$CRAWLER" \
        --seeds "$SEED_FILE" \
        --cache-dir "$CACHE_MNT/pages" \
        --report "$CACHE_MNT/report.jsonl" \
        --concurrency "${CONCURRENCY:-16}"
}

archive() {
    mkdir -p "$ARCHIVE_DIR"
    out="$ARCHIVE_DIR/crawl-$RUN_ID.tar.gz"
    tar -C "$CACHE_MNT" -czf "$out" report.jsonl pages
    say "archived to $out ($(du -h "$out" | cut -f1))"
}

main() {
    need python3
    need mountpoint
    [ -f "$SEED_FILE" ] || { say "seed file $SEED_FILE not found"; exit 1; }
    [ -f "$CRAWLER" ] || { say "crawler $CRAWLER not found"; exit 1; }
    trap release_cache EXIT
    mount_cache
    if run_crawl; then
        archive
    else
        say "crawl failed; keeping nothing"
        exit 1
    fi
}

main "$@"
