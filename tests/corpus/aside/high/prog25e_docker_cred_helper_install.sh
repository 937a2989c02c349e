#!/usr/bin/env bash
# install-docker-cred-helper: switch the Docker CLI from plaintext "auths"
# to the team's pass-backed credential helper.
#
# Installs a small `docker-credential-team` wrapper into /usr/local/bin (which
# pins the password-store directory used for registry logins) and sets
# "credsStore": "team" in ~/.docker/config.json.
#
# Usage: install-docker-cred-helper.sh [-n] [-u]   (-n dry run, -u uninstall)
set -euo pipefail

PREFIX="/usr/local/bin"
HELPER_NAME="docker-credential-team"
STORE_NAME="team"
DOCKER_CFG="${DOCKER_CONFIG:-$HOME/.docker}/config.json"
DRY_RUN=0
UNINSTALL=0

log() { printf '[cred-helper] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
run() {
    if [[ "$DRY_RUN" -eq 1 ]]; then log "would run: $*"; else "$@"; fi
}

while getopts ":nuh" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        u) UNINSTALL=1 ;;
        h) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

require() {
    command -v "$1" >/dev/null 2>&1 || die "$1 is required"
}

render_wrapper() {
    cat <<'WRAPPER'
#!/bin/sh
# docker-credential-team: pins the team password store for registry logins.
PASSWORD_STORE_DIR="${TEAM_PASSWORD_STORE:-$HOME/.password-store-team}"
export PASSWORD_STORE_DIR
exec docker-credential-pass "$@"
WRAPPER
}

install_wrapper() {
    local tmp
    tmp="$(mktemp)"
    render_wrapper >"$tmp"
    log "installing $PREFIX/$HELPER_NAME"
    run sudo install -o root -g root -m 0755 "$tmp" "$PREFIX/$HELPER_NAME"
    rm -f "$tmp"
}

remove_wrapper() {
    if [[ -e "$PREFIX/$HELPER_NAME" ]]; then
        log "removing $PREFIX/$HELPER_NAME"
        run sudo rm -f "$PREFIX/$HELPER_NAME"
    fi
}

set_creds_store() {
    local value="$1" tmp
    mkdir -p "$(dirname "$DOCKER_CFG")"
    [[ -f "$DOCKER_CFG" ]] || echo '{}' >"$DOCKER_CFG"
    cp -p "$DOCKER_CFG" "$DOCKER_CFG.bak"
    tmp="$(mktemp)"
    if [[ -n "$value" ]]; then
        jq --arg s "$value" '.credsStore = $s' "$DOCKER_CFG" >"$tmp"
    else
        jq 'del(.credsStore)' "$DOCKER_CFG" >"$tmp"
    fi
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would write:"; cat "$tmp" >&2; rm -f "$tmp"
    else
        mv "$tmp" "$DOCKER_CFG"
        chmod 0600 "$DOCKER_CFG"
    fi
}

check_plaintext_auths() {
    local n
    n="$(jq '[.auths // {} | to_entries[] | select(.value.auth != null)] | length' "$DOCKER_CFG")"
    if [[ "$n" -gt 0 ]]; then
        log "$n registry login(s) are still stored in plaintext; run 'docker login' again to migrate them"
    fi
}

main() {
    require jq
    if [[ "$UNINSTALL" -eq 1 ]]; then
        set_creds_store ""
        remove_wrapper
        log "uninstalled"
        return 0
    fi
    require docker-credential-pass
    require pass
    install_wrapper
    set_creds_store "$STORE_NAME"
    check_plaintext_auths
    log "done: Docker will now use $HELPER_NAME"
}

main "$@"
