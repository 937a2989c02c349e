#!/usr/bin/env bash
# nginx_cert_deploy.sh - acme.sh --reloadcmd / renew-hook for the reverse proxy.
#
# acme.sh keeps certificates in ~/.acme.sh/<domain>_ecc/ under the acme user;
# nginx wants them in /etc/nginx/ssl/<domain>/ owned by root.  This copies the
# renewed chain and key into place, checks that they match, tests the nginx
# config and reloads it.  Also used by hand: nginx_cert_deploy.sh -d lab.example.net
set -Eeuo pipefail

ACME_HOME="${ACME_HOME:-$HOME/.acme.sh}"
SSL_ROOT="${SSL_ROOT:-/etc/nginx/ssl}"
DOMAIN="${Le_Domain:-}"
DRY_RUN=0
STATE_FILE="./deployed-certs.txt"

log()  { logger -t cert-deploy -- "$*" 2>/dev/null || true; echo "[cert-deploy] $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }
trap 'fail "line $LINENO: $BASH_COMMAND"' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        -d|--domain) DOMAIN="$2"; shift 2 ;;
        -n|--dry-run) DRY_RUN=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done
[[ -n "$DOMAIN" ]] || fail "no domain (pass -d or run from acme.sh)"

PRIV=()
[[ $EUID -eq 0 ]] || PRIV=(sudo -n)

src_dir() {
    local d
    for d in "$ACME_HOME/${DOMAIN}_ecc" "$ACME_HOME/${DOMAIN}"; do
        [[ -f "$d/fullchain.cer" ]] && { echo "$d"; return 0; }
    done
    return 1
}

key_matches_cert() {
    local cert="$1" key="$2" a b
    a=$(openssl x509 -in "$cert" -noout -pubkey | openssl sha256)
    b=$(openssl pkey -in "$key" -pubout | openssl sha256)
    [[ "$a" == "$b" ]]
}

cert_expiry() {
    openssl x509 -in "$1" -noout -enddate | cut -d= -f2
}

install_files() {
    local src="$1" dest="$SSL_ROOT/$DOMAIN"
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would install $src -> $dest"
        return 0
    fi
    "${PRIV[@]}" install -d -m 0750 -o root -g root "$dest"
    "${PRIV[@]}" install -m 0644 -o root -g root "$src/fullchain.cer" "$dest/fullchain.pem.new"
    "${PRIV[@]}" install -m 0600 -o root -g root "$src/${DOMAIN}.key" "$dest/privkey.pem.new"
    "${PRIV[@]}" mv -f "$dest/fullchain.pem.new" "$dest/fullchain.pem"
    "${PRIV[@]}" mv -f "$dest/privkey.pem.new" "$dest/privkey.pem"
    log "installed into $dest"
}

reload_nginx() {
    if [[ $DRY_RUN -eq 1 ]]; then
        log "would reload nginx"
        return 0
    fi
    if ! "${PRIV[@]}" nginx -t -q; then
        fail "nginx -t failed, not reloading"
    fi
    "${PRIV[@]}" systemctl reload nginx
    log "nginx reloaded"
}

main() {
    local src cert key
    src="$(src_dir)" || fail "no acme.sh output for $DOMAIN under $ACME_HOME"
    cert="$src/fullchain.cer"
    key="$src/${DOMAIN}.key"
    [[ -r "$key" ]] || fail "cannot read $key"
    key_matches_cert "$cert" "$key" || fail "key and certificate for $DOMAIN do not match"

    if [[ -f "$STATE_FILE" ]] && grep -qxF "$DOMAIN $(sha256sum "$cert" | cut -d' ' -f1)" "$STATE_FILE"; then
        log "$DOMAIN: this certificate is already deployed"
        exit 0
    fi

    install_files "$src"
    reload_nginx
    if [[ $DRY_RUN -eq 0 ]]; then
        grep -v "^$DOMAIN " "$STATE_FILE" 2>/dev/null > "$STATE_FILE.new" || true
        echo "$DOMAIN $(sha256sum "$cert" | cut -d' ' -f1)" >> "$STATE_FILE.new"
        mv -f "$STATE_FILE.new" "$STATE_FILE"
    fi
    log "$DOMAIN valid until $(cert_expiry "$cert")"
}

main
