#!/usr/bin/env bash
# client_portal_ca_trust.sh - trust a client's private CA for portal uploads.
#
# Several enterprise clients run their localisation portals behind an
# internal CA. This fetches the chain the portal presents, shows the root's
# fingerprint for the coordinator to confirm against the value the client
# sent by e-mail, and adds it to the system trust store so curl, Python and
# the CAT tools' connectors accept the portal.
#
# Usage: client_portal_ca_trust.sh HOST[:PORT] CLIENT_NAME [EXPECTED_SHA256]
set -euo pipefail

log() { printf '[ca-trust] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ $# -ge 2 ]] || die "usage: $0 HOST[:PORT] CLIENT_NAME [EXPECTED_SHA256]"
TARGET="$1"
CLIENT="$(printf '%s' "$2" | tr -c 'A-Za-z0-9_-' '_')"
EXPECTED="${3:-}"
HOST="${TARGET%%:*}"
PORT="${TARGET##*:}"
[[ "$PORT" == "$TARGET" ]] && PORT=443

command -v openssl >/dev/null || die "openssl is required"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

fetch_chain() {
    openssl s_client -connect "$HOST:$PORT" -servername "$HOST" -showcerts </dev/null 2>/dev/null \
        | awk -v dir="$WORK" '
            /-----BEGIN CERTIFICATE-----/ { n++; out = sprintf("%s/cert%02d.pem", dir, n) }
            out { print > out }
            /-----END CERTIFICATE-----/ { close(out); out = "" }'
    ls "$WORK"/cert*.pem >/dev/null 2>&1 || die "no certificates received from $HOST:$PORT"
}

pick_root() {
    # the last certificate in the presented chain that is self-issued
    local c subj iss root=""
    for c in "$WORK"/cert*.pem; do
        subj="$(openssl x509 -in "$c" -noout -subject -nameopt RFC2253 | sed 's/^subject=//')"
        iss="$(openssl x509 -in "$c" -noout -issuer -nameopt RFC2253 | sed 's/^issuer=//')"
        [[ "$subj" == "$iss" ]] && root="$c"
    done
    [[ -n "$root" ]] || root="$(ls "$WORK"/cert*.pem | tail -n 1)"
    printf '%s\n' "$root"
}

install_root() {
    local pem="$1" dest_dir dest
    if [[ -d /usr/local/share/ca-certificates ]]; then
        dest_dir=/usr/local/share/ca-certificates/localisation-clients
        dest="$dest_dir/$CLIENT.crt"
        sudo install -d -m 0755 "$dest_dir"
        sudo install -m 0644 "$pem" "$dest"
        sudo update-ca-certificates
    elif [[ -d /etc/pki/ca-trust/source/anchors ]]; then
        dest="/etc/pki/ca-trust/source/anchors/$CLIENT.crt"
        sudo install -m 0644 "$pem" "$dest"
        sudo update-ca-trust extract
    else
        die "unknown trust store layout on this system"
    fi
    log "installed $dest"
}

main() {
    log "fetching chain from $HOST:$PORT"
    fetch_chain
    local root fp
    root="$(pick_root)"
    fp="$(openssl x509 -in "$root" -noout -fingerprint -sha256 | cut -d= -f2 | tr -d ':')"
    openssl x509 -in "$root" -noout -subject -enddate >&2
    log "SHA-256 fingerprint: $fp"

    if [[ -n "$EXPECTED" ]]; then
        [[ "${EXPECTED//:/}" == "$fp" ]] || die "fingerprint does not match the expected value"
    else
        read -r -p "Does this match the fingerprint the client sent? [y/N] " ans
        [[ "$ans" == [yY]* ]] || die "aborted"
    fi
    install_root "$root"
    if curl -fsS -o /dev/null -m 10 "https://$HOST:$PORT/"; then
        log "portal now verifies cleanly"
    else
        log "portal reachable check failed; the chain may need an intermediate"
    fi
}

main
