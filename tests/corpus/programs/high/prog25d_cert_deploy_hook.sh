#!/bin/sh
# certbot deploy hook: install renewed certificates for HAProxy and Postfix.
# certbot runs this as root with RENEWED_LINEAGE and RENEWED_DOMAINS set.
# Install as /etc/letsencrypt/renewal-hooks/deploy/ by the config manager.

set -eu

PROG=${0##*/}
HAPROXY_CERT_DIR=${HAPROXY_CERT_DIR:-/etc/haproxy/certs}
POSTFIX_CERT_DIR=${POSTFIX_CERT_DIR:-/etc/postfix/tls}
MAIL_DOMAINS=${MAIL_DOMAINS:-"mail.example.org smtp.example.org"}
SERVICES=""

log() {
    printf '%s %s\n' "$PROG" "$*" >&2
    command -v logger >/dev/null 2>&1 && logger -t certbot-deploy -- "$*" || true
}
die() { log "error: $*"; exit 1; }

[ -n "${RENEWED_LINEAGE:-}" ] || die "RENEWED_LINEAGE not set (run from certbot)"
[ -r "$RENEWED_LINEAGE/fullchain.pem" ] || die "no fullchain in $RENEWED_LINEAGE"
[ "$(id -u)" -eq 0 ] || die "must run as root"

NAME=${RENEWED_LINEAGE##*/}
umask 077

install_haproxy() {
    [ -d "$HAPROXY_CERT_DIR" ] || install -d -m 0750 -o root -g haproxy "$HAPROXY_CERT_DIR"
    tmp="$HAPROXY_CERT_DIR/.$NAME.pem.new"
    cat "$RENEWED_LINEAGE/fullchain.pem" "$RENEWED_LINEAGE/privkey.pem" > "$tmp"
    chown root:haproxy "$tmp"
    chmod 0640 "$tmp"
    mv -f "$tmp" "$HAPROXY_CERT_DIR/$NAME.pem"
    log "installed $HAPROXY_CERT_DIR/$NAME.pem"
    SERVICES="$SERVICES haproxy"
}

is_mail_domain() {
    for d in ${RENEWED_DOMAINS:-}; do
        for m in $MAIL_DOMAINS; do
            [ "$d" = "$m" ] && return 0
        done
    done
    return 1
}

install_postfix() {
    install -d -m 0755 "$POSTFIX_CERT_DIR"
    install -m 0644 -o root -g root "$RENEWED_LINEAGE/fullchain.pem" "$POSTFIX_CERT_DIR/$NAME.crt"
    install -m 0600 -o root -g root "$RENEWED_LINEAGE/privkey.pem" "$POSTFIX_CERT_DIR/$NAME.key"
    log "installed postfix cert/key for $NAME"
    SERVICES="$SERVICES postfix"
}

check_haproxy() {
    command -v haproxy >/dev/null 2>&1 || return 0
    haproxy -c -q -f /etc/haproxy/haproxy.cfg || die "haproxy config check failed; not reloading"
}

reload_services() {
    for svc in $SERVICES; do
        if command -v systemctl >/dev/null 2>&1; then
            systemctl reload "$svc" || systemctl restart "$svc"
        elif [ -x "/etc/init.d/$svc" ]; then
            service "$svc" reload
        fi
        log "reloaded $svc"
    done
}

expiry=$(openssl x509 -enddate -noout -in "$RENEWED_LINEAGE/cert.pem" | cut -d= -f2)
log "deploying $NAME (domains: ${RENEWED_DOMAINS:-?}, expires $expiry)"

install_haproxy
if is_mail_domain; then
    install_postfix
fi
check_haproxy
reload_services
log "deploy hook finished for $NAME"
