#!/bin/sh
# shared_sdk_perms.sh - let the cloudops group maintain the shared Cloud SDK.
#
# On the shared bastion hosts (OpenBSD and Alpine, hence doas) the Google
# Cloud SDK lives under /usr/local/lib/google-cloud-sdk and the Azure CLI under
# /usr/local/lib/azure-cli. Operators in the cloudops group need to run
# `gcloud components update` without root, so hand group ownership to them.
#
#   shared_sdk_perms.sh [--check] [group]

set -eu

GROUP="cloudops"
CHECK_ONLY=0
SDK_DIRS="/usr/local/lib/google-cloud-sdk /usr/local/lib/azure-cli"
STAMP_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/sdk-perms"

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) GROUP="$arg" ;;
    esac
done

info() { printf 'sdk-perms: %s\n' "$*"; }

if ! getent group "$GROUP" >/dev/null 2>&1 && ! grep -q "^$GROUP:" /etc/group; then
    info "group $GROUP does not exist"
    exit 2
fi

if command -v doas >/dev/null 2>&1; then
    ELEVATE="doas"
else
    info "doas not available on this host"
    exit 2
fi

needs_fix() {
    dir="$1"
    bad=$(find "$dir" ! -group "$GROUP" -print 2>/dev/null | head -n 1)
    [ -n "$bad" ]
}

fix_dir() {
    dir="$1"
    info "fixing ownership of $dir"
    $ELEVATE chgrp -R "$GROUP" "$dir"
    $ELEVATE chmod -R g+rwX "$dir"
    # new files inherit the group
    $ELEVATE find "$dir" -type d -exec chmod g+s {} +
}

changed=0
for dir in $SDK_DIRS; do
    if [ ! -d "$dir" ]; then
        info "skip $dir (not installed)"
        continue
    fi
    if needs_fix "$dir"; then
        if [ "$CHECK_ONLY" -eq 1 ]; then
            info "$dir needs fixing"
            changed=$((changed + 1))
            continue
        fi
        fix_dir "$dir"
        changed=$((changed + 1))
    else
        info "$dir already owned by group $GROUP"
    fi
done

mkdir -p "$STAMP_DIR"
date -u +%Y-%m-%dT%H:%M:%SZ > "$STAMP_DIR/last-run"
info "$changed director(y/ies) $( [ "$CHECK_ONLY" -eq 1 ] && echo 'need fixing' || echo 'updated')"

if [ "$CHECK_ONLY" -eq 1 ] && [ "$changed" -gt 0 ]; then
    exit 1
fi
