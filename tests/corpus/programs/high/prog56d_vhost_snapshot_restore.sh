#!/usr/bin/env bash
# Restore an nginx virtual-host definition from a snapshot file produced by
# `vhost-snapshot` (one line: NAME<TAB>SHA256<TAB>base64(gzip(config))).
#
# Usage: vhost_snapshot_restore.sh SNAPSHOT_FILE [NAME...]
set -euo pipefail

SITES_AVAILABLE=/etc/nginx/sites-available
SITES_ENABLED=/etc/nginx/sites-enabled
SNAPSHOT="${1:?usage: $0 SNAPSHOT_FILE [NAME...]}"
shift
WANTED=("$@")

log() { printf '%s restore: %s\n' "$(date -Is)" "$*"; }

wanted() {
    [ "${#WANTED[@]}" -eq 0 ] && return 0
    local n
    for n in "${WANTED[@]}"; do [ "$n" = "$1" ] && return 0; done
    return 1
}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
restored=()

while IFS=$'\t' read -r name digest payload; do
    [ -z "$name" ] && continue
    case "$name" in \#*) continue ;; esac
    wanted "$name" || continue
    case "$name" in
        */*|.*) log "skipping suspicious name '$name'"; continue ;;
    esac

    printf '%s' "$payload" | base64 -d | gunzip -c > "$stage/$name"
    actual=$(sha256sum "$stage/$name" | awk '{print $1}')
    if [ "$actual" != "$digest" ]; then
        log "checksum mismatch for $name, not restoring"
        continue
    fi

    if [ -f "$SITES_AVAILABLE/$name" ]; then
        sudo cp -p "$SITES_AVAILABLE/$name" "$SITES_AVAILABLE/$name.bak.$(date +%s)"
    fi
    sudo install -m 0644 -o root -g root "$stage/$name" "$SITES_AVAILABLE/$name"
    sudo ln -sfn "$SITES_AVAILABLE/$name" "$SITES_ENABLED/$name"
    restored+=("$name")
    log "restored $name"
done < "$SNAPSHOT"

if [ "${#restored[@]}" -eq 0 ]; then
    log "nothing restored"
    exit 0
fi

if sudo nginx -t 2>"$stage/nginx-t.log"; then
    sudo systemctl reload nginx
    log "nginx reloaded with: ${restored[*]}"
else
    log "config test failed, rolling back"
    cat "$stage/nginx-t.log" >&2
    for name in "${restored[@]}"; do
        latest=$(ls -1t "$SITES_AVAILABLE/$name".bak.* 2>/dev/null | head -n1 || true)
        if [ -n "$latest" ]; then
            sudo mv "$latest" "$SITES_AVAILABLE/$name"
        else
            sudo rm -f "$SITES_ENABLED/$name" "$SITES_AVAILABLE/$name"
        fi
    done
    exit 1
fi
