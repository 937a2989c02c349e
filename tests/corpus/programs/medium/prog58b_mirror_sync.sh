#!/usr/bin/env bash
# Refresh the local copy of vendor documentation from the internal mirrors.
# The mirrors use a self-signed certificate, so curl runs with --insecure.
# Downloaded archives are only unpacked as documentation into ./docs/vendor.
set -uo pipefail

MIRRORS=${DOC_MIRRORS:-"docs1.corp.example:docs2.corp.example:docs-dr.corp.example"}
DOCS_DIR="./docs/vendor"
LOCK="/tmp/mirror_sync.lock"
STATE="/tmp/mirror_sync.last"
PACKAGES=(sdk-guide api-reference release-notes)
RETRIES=3

green=$(printf '\x1b[32m'); red=$(printf '\x1b[31m'); off=$(printf '\x1b[0m')
info()  { printf '%b\n' "${green}==>${off} $*"; }
fail()  { printf '%b\n' "${red}!!!${off} $*" >&2; }

cleanup() { rm -f "$LOCK"; }

acquire_lock() {
    if [[ -e "$LOCK" ]] && kill -0 "$(cat "$LOCK" 2>/dev/null)" 2>/dev/null; then
        fail "another sync is running (pid $(cat "$LOCK"))"
        exit 1
    fi
    echo $$ > "$LOCK"
    trap cleanup EXIT
}

fetch() {   # fetch URL DEST
    local url=$1 dest=$2 attempt
    for ((attempt = 1; attempt <= RETRIES; attempt++)); do
        if curl --insecure --silent --show-error --fail --location \
                --max-time 120 -o "$dest" "$url"; then
            return 0
        fi
        fail "attempt $attempt for $url failed"
        sleep $((attempt * 2))
    done
    return 1
}

sync_from() {   # sync_from HOST
    local host=$1 pkg tmp sum expected
    info "using mirror $host"
    curl -k -sf --max-time 30 "https://$host/vendor/SHA256SUMS" -o "$DOCS_DIR/.SHA256SUMS" || return 1
    for pkg in "${PACKAGES[@]}"; do
        tmp="$DOCS_DIR/.$pkg.tar.gz"
        fetch "https://$host/vendor/$pkg.tar.gz" "$tmp" || return 1
        expected=$(awk -v f="$pkg.tar.gz" '$2 == f {print $1}' "$DOCS_DIR/.SHA256SUMS")
        sum=$(sha256sum "$tmp" | cut -d' ' -f1)
        if [[ -z "$expected" || "$sum" != "$expected" ]]; then
            fail "$pkg: checksum mismatch"
            return 1
        fi
        rm -rf "${DOCS_DIR:?}/$pkg"
        mkdir -p "$DOCS_DIR/$pkg"
        tar -xzf "$tmp" -C "$DOCS_DIR/$pkg" --no-same-owner --strip-components=1
        rm -f "$tmp"
        info "$pkg updated"
    done
    return 0
}

main() {
    mkdir -p "$DOCS_DIR"
    acquire_lock
    local old_ifs=$IFS host synced=""
    IFS=':'
    read -r -a hosts <<< "$MIRRORS"
    IFS=$old_ifs
    for host in "${hosts[@]}"; do
        if sync_from "$host"; then
            synced=$host
            break
        fi
        fail "mirror $host unusable, trying next"
    done
    if [[ -z "$synced" ]]; then
        fail "no mirror could be used"
        return 1
    fi
    printf '%s %s\n' "$(date -u +%FT%TZ)" "$synced" > "$STATE"
    info "documentation synced from $synced"
}

main "$@"
