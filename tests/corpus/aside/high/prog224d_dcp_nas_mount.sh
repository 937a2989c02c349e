#!/usr/bin/env bash
# dcp_nas_mount.sh - mount (or unmount) the central DCP library shares from
# the site NAS onto a screen server.
#
# Usage: dcp_nas_mount.sh [-c shares.ini] [-u] [-n]
#   -c  share definitions (default ./dcp_shares.ini)
#   -u  unmount instead of mount
#   -n  dry run

set -euo pipefail

CONFIG="./dcp_shares.ini"
UNMOUNT=0
DRY_RUN=0
MOUNT_ROOT="/mnt/dcp"

log() { printf '%s dcp-mount: %s\n' "$(date '+%F %T')" "$*" >&2; }

usage() { sed -n '2,8p' "$0"; }

while getopts ":c:unh" opt; do
    case "$opt" in
        c) CONFIG="$OPTARG" ;;
        u) UNMOUNT=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -r "$CONFIG" ]] || { log "config $CONFIG not readable"; exit 1; }

read_shares() {
    # Prints one line per share: name server export options
    SHARES_INI="$CONFIG" python3 -c '
import configparser, os, re, sys
cp = configparser.ConfigParser()
cp.read(os.environ["SHARES_INI"])
for name in cp.sections():
    sec = cp[name]
    if not re.fullmatch(r"[a-z0-9_-]+", name):
        sys.stderr.write("bad share name %r\n" % name)
        continue
    server = sec.get("server", "192.0.2.30")
    export = sec.get("export", "/export/" + name)
    opts = sec.get("options", "ro,vers=4.1,noatime")
    print(name, server, export, opts)
'
}

run() {
    if (( DRY_RUN )); then
        log "dry-run: $*"
    else
        "$@"
    fi
}

mount_share() {
    local name="$1" server="$2" export_path="$3" opts="$4"
    local target="$MOUNT_ROOT/$name"
    if mountpoint -q "$target" 2>/dev/null; then
        log "$target already mounted"
        return 0
    fi
    run sudo mkdir -p "$target"
    log "mounting $server:$export_path on $target ($opts)"
    run sudo mount -t nfs -o "$opts" "$server:$export_path" "$target"
}

unmount_share() {
    local name="$1"
    local target="$MOUNT_ROOT/$name"
    if ! mountpoint -q "$target" 2>/dev/null; then
        log "$target not mounted"
        return 0
    fi
    log "unmounting $target"
    run sudo umount "$target"
}

main() {
    local shares ok=0 bad=0
    shares="$(read_shares)"
    [[ -n "$shares" ]] || { log "no shares defined"; exit 1; }
    while read -r name server export_path opts; do
        if (( UNMOUNT )); then
            unmount_share "$name" && ok=$((ok + 1)) || bad=$((bad + 1))
        else
            mount_share "$name" "$server" "$export_path" "$opts" \
                && ok=$((ok + 1)) || bad=$((bad + 1))
        fi
    done <<< "$shares"
    log "done: ok=$ok failed=$bad"
    (( bad == 0 ))
}

main
