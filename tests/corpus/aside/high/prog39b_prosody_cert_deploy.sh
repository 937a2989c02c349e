#!/bin/sh
# prosody-cert-deploy: certbot deploy hook for the team XMPP server.
#
# certbot runs this (as root) after a successful renewal with
# RENEWED_LINEAGE=/etc/letsencrypt/live/<name> and RENEWED_DOMAINS set.
# The renewed chain and key are copied into Prosody's certificate
# directory with the ownership Prosody expects, then Prosody is reloaded
# so that c2s/s2s connections pick up the new certificate.
set -eu

PROSODY_CERT_DIR=${PROSODY_CERT_DIR:-/etc/prosody/certs}
PROSODY_USER=${PROSODY_USER:-prosody}
PROSODY_GROUP=${PROSODY_GROUP:-prosody}
SERVICE=${SERVICE:-prosody}
LOG_TAG=prosody-cert-deploy

say() {
    printf '%s\n' "$*"
    command -v logger >/dev/null 2>&1 && logger -t "$LOG_TAG" -- "$*" || true
}

fail() {
    say "error: $*"
    exit 1
}

lineage=${RENEWED_LINEAGE:-${1:-}}
domains=${RENEWED_DOMAINS:-${2:-}}

[ -n "$lineage" ] || fail "RENEWED_LINEAGE not set and no lineage given"
[ -d "$lineage" ] || fail "lineage $lineage does not exist"
[ -n "$domains" ] || domains=$(basename "$lineage")

if [ "$(id -u)" -ne 0 ]; then
    fail "must run as root (certbot deploy hook)"
fi

for f in fullchain.pem privkey.pem; do
    [ -r "$lineage/$f" ] || fail "missing $lineage/$f"
done

# refuse to deploy a key that does not match the certificate
cert_mod=$(openssl x509 -noout -pubkey -in "$lineage/fullchain.pem" | openssl sha256)
key_mod=$(openssl pkey -pubout -in "$lineage/privkey.pem" | openssl sha256)
[ "$cert_mod" = "$key_mod" ] || fail "key and certificate do not match"

install -d -m 0750 -o root -g "$PROSODY_GROUP" "$PROSODY_CERT_DIR"

deployed=0
for domain in $domains; do
    case $domain in
        \*.*) name=${domain#\*.} ;;
        *)    name=$domain ;;
    esac
    crt="$PROSODY_CERT_DIR/$name.crt"
    key="$PROSODY_CERT_DIR/$name.key"

    # write to a sibling file first so Prosody never reads a half-copied key
    install -m 0644 -o root -g "$PROSODY_GROUP" "$lineage/fullchain.pem" "$crt.new"
    install -m 0640 -o root -g "$PROSODY_GROUP" "$lineage/privkey.pem" "$key.new"
    mv -f "$crt.new" "$crt"
    mv -f "$key.new" "$key"
    chown "$PROSODY_USER:$PROSODY_GROUP" "$key"
    say "deployed certificate for $name"
    deployed=$((deployed + 1))
done

[ "$deployed" -gt 0 ] || fail "no domains deployed"

if command -v prosodyctl >/dev/null 2>&1; then
    prosodyctl check certs >/dev/null 2>&1 || say "warning: prosodyctl check certs reported problems"
fi

if systemctl is-active --quiet "$SERVICE"; then
    systemctl reload "$SERVICE" || systemctl restart "$SERVICE"
    say "$SERVICE reloaded"
else
    say "$SERVICE not running, leaving it stopped"
fi
