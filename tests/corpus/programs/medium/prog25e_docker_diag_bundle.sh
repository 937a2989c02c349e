#!/usr/bin/env bash
# docker-diag-bundle: gather client-side registry/login diagnostics into a
# local archive that the user can inspect and attach to a ticket by hand.
# Registry auth strings and identity tokens are stripped from the copy.
#
# Usage: docker-diag-bundle.sh -t TICKET [-k]
set -euo pipefail

BUNDLE_ROOT="/tmp/docker-diag-bundle"
TICKET=""
KEEP=0
DOCKER_DIR="${DOCKER_CONFIG:-$HOME/.docker}"

log() { printf '[diag] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":t:kh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        k) KEEP=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -n "$TICKET" ]] || die "a ticket id is required (-t)"
[[ "$TICKET" =~ ^[A-Z]+-[0-9]+$ ]] || die "ticket id must look like SUP-1234"
command -v jq >/dev/null || die "jq is required for redaction"

WORK="$BUNDLE_ROOT/$TICKET"
rm -rf "$WORK"
mkdir -p "$WORK"

cleanup() {
    if [[ "$KEEP" -eq 0 ]]; then rm -rf "$WORK"; fi
}
trap cleanup EXIT

collect_system() {
    {
        echo "== uname"; uname -a
        echo "== os-release"; cat /etc/os-release 2>/dev/null || true
        echo "== shell"; echo "$SHELL"
        echo "== date"; date -u +%FT%TZ
    } >"$WORK/system.txt"
    log "system info collected"
}

collect_docker_client() {
    local dest="$WORK/docker"
    mkdir -p "$dest"
    if [[ -f "$DOCKER_DIR/config.json" ]]; then
        jq '(.auths // {}) |= with_entries(.value = {"auth": "<redacted>"})
            | del(.identitytoken)
            | (.credHelpers // {}) |= .' \
            "$DOCKER_DIR/config.json" >"$dest/config.redacted.json"
        log "redacted copy of config.json written"
    else
        log "no docker client config found"
    fi
    ls -la "$DOCKER_DIR" >"$dest/listing.txt" 2>&1 || true
}

collect_helpers() {
    local out="$WORK/cred-helpers.txt"
    : >"$out"
    for helper in docker-credential-desktop docker-credential-pass \
                  docker-credential-secretservice docker-credential-ecr-login; do
        if path="$(command -v "$helper")"; then
            echo "$helper: $path" >>"$out"
        fi
    done
}

package_bundle() {
    local archive="$PWD/${TICKET}-diag.tar.gz"
    tar -C "$WORK" -czf "$archive" .
    chmod 0600 "$archive"
    echo "$archive"
}

main() {
    log "building diagnostics bundle for $TICKET in $WORK"
    collect_system
    collect_docker_client
    collect_helpers
    archive="$(package_bundle)"
    log "bundle written: $archive ($(du -h "$archive" | cut -f1))"
    log "review it, then attach it to $TICKET in the helpdesk portal"
}

main "$@"
