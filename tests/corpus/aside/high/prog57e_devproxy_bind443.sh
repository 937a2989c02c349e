#!/bin/sh
# post-checkout hook (installed by `make hooks`): rebuild the local TLS dev
# proxy when its sources change, and let it listen on :443 without running
# the whole thing as root, so OAuth redirect URIs match production.
#
# Arguments from git: <prev-HEAD> <new-HEAD> <branch-flag>
set -eu

PREV=${1:-}
NEW=${2:-}
BRANCH_CHECKOUT=${3:-1}
PROXY_SRC=tools/devproxy
PROXY_BIN=.devtools/bin/devproxy
CAPS='cap_net_bind_service=+ep'
LOG=.devtools/devproxy-hook.log

log() {
    printf '%s devproxy-hook: %s\n' "$(date '+%H:%M:%S')" "$*" | tee -a "$LOG" >&2
}

proxy_sources_changed() {
    [ -z "$PREV" ] && return 0
    [ "$PREV" = "0000000000000000000000000000000000000000" ] && return 0
    ! git diff --quiet "$PREV" "$NEW" -- "$PROXY_SRC" go.mod go.sum
}

build_proxy() {
    log "building $PROXY_BIN"
    mkdir -p "$(dirname "$PROXY_BIN")"
    if ! go build -trimpath -o "$PROXY_BIN.new" "./$PROXY_SRC"; then
        log "build failed; keeping previous binary"
        rm -f "$PROXY_BIN.new"
        return 1
    fi
    mv -f "$PROXY_BIN.new" "$PROXY_BIN"
}

has_caps() {
    command -v getcap >/dev/null 2>&1 || return 1
    getcap "$PROXY_BIN" 2>/dev/null | grep -q cap_net_bind_service
}

grant_caps() {
    if [ "$(id -u)" -eq 0 ]; then
        setcap "$CAPS" "$PROXY_BIN"
    elif command -v sudo >/dev/null 2>&1; then
        log "granting $CAPS to $PROXY_BIN (sudo)"
        sudo -p "devproxy needs your password to allow binding :443: " \
            setcap "$CAPS" "$PROXY_BIN"
    else
        log "sudo unavailable; proxy will fall back to :8443"
        return 1
    fi
}

main() {
    [ "$BRANCH_CHECKOUT" = "1" ] || exit 0
    [ -n "${DEVPROXY_SKIP:-}" ] && { log "DEVPROXY_SKIP set"; exit 0; }
    mkdir -p .devtools

    if [ -x "$PROXY_BIN" ] && ! proxy_sources_changed; then
        has_caps && exit 0
    else
        build_proxy || exit 0
    fi

    if grant_caps; then
        log "ok: $(getcap "$PROXY_BIN" 2>/dev/null || echo "$PROXY_BIN")"
    fi
    # never fail the checkout because of the proxy
    exit 0
}

main "$@"
