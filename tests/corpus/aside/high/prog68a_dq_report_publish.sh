#!/bin/sh
# dq_report_publish.sh - publish the nightly data-quality HTML reports
# (great_expectations data docs) to the analytics web host.
#
# The reports live on the shared NFS export written by the DQ workers; this
# script mounts it, syncs the latest build into the web root and makes sure
# the analysts' upload tool and the web server can both write there.
#
#   ./dq_report_publish.sh [-c publish.conf] [-n]
set -eu

CONF=""
DRY_RUN=0
NFS_EXPORT="nas01.analytics.internal:/export/dq-reports"
MOUNT_POINT="/mnt/dq-reports"
WEB_ROOT="/var/www/html/dq"
BUILD_GLOB="data_docs/local_site"
KEEP_BUILDS=7

usage() { echo "usage: $0 [-c conf] [-n]" >&2; exit 64; }

while getopts "c:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

if [ -n "$CONF" ]; then
    [ -r "$CONF" ] || { echo "cannot read $CONF" >&2; exit 66; }
    . "$CONF"
fi

note() { printf '%s dq-publish: %s\n' "$(date '+%F %T')" "$*"; }

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}

elevated() {
    if command -v doas >/dev/null 2>&1; then
        run doas "$@"
    else
        run sudo "$@"
    fi
}

ensure_mounted() {
    if mountpoint -q "$MOUNT_POINT" 2>/dev/null; then
        note "$MOUNT_POINT already mounted"
        return 0
    fi
    elevated mkdir -p "$MOUNT_POINT"
    elevated mount -t nfs4 -o ro,noatime,vers=4.1 "$NFS_EXPORT" "$MOUNT_POINT"
    note "mounted $NFS_EXPORT"
}

latest_build() {
    ls -1dt "$MOUNT_POINT"/*/"$BUILD_GLOB" 2>/dev/null | head -n 1
}

sync_build() {
    src="$1"
    stamp="$(basename "$(dirname "$(dirname "$src")")")"
    dest="$WEB_ROOT/builds/$stamp"
    elevated mkdir -p "$dest"
    elevated rsync -a --delete "$src/" "$dest/"
    elevated ln -sfn "$dest" "$WEB_ROOT/latest"
    note "published $stamp"
}

open_permissions() {
    # upload tool runs as the analysts' group, nginx as www-data
    elevated chmod -R 777 "$WEB_ROOT"
}

prune_builds() {
    ls -1dt "$WEB_ROOT"/builds/* 2>/dev/null | tail -n +"$((KEEP_BUILDS + 1))" | while read -r old; do
        elevated rm -rf "$old"
        note "pruned $(basename "$old")"
    done
}

main() {
    ensure_mounted
    build="$(latest_build)"
    if [ -z "$build" ]; then
        note "no builds found under $MOUNT_POINT"
        exit 1
    fi
    sync_build "$build"
    prune_builds
    open_permissions
    note "done"
}

main
