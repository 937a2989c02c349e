#!/usr/bin/env bash
# Renew a Let's Encrypt certificate with certbot, copy the new chain and key
# into the locations nginx and postfix read (/etc/ssl/...), then reload the
# services. Meant to be run by an admin from a shell with sudo rights.
#
#   cert_renew_deploy.sh -d example.org [-s nginx,postfix] [-f] [-n]

set -euo pipefail

DOMAIN=""
SERVICES="nginx"
FORCE=0
DRY=0
LE_LIVE=/etc/letsencrypt/live
SSL_CERTS=/etc/ssl/certs
SSL_PRIVATE=/etc/ssl/private
LOGFILE="${HOME}/cert-renew.log"

log() { printf '%s %s\n' "$(date -Is)" "$*" | tee -a "$LOGFILE"; }
die() { log "FATAL: $*"; exit 1; }

while getopts 'd:s:fnh' opt; do
    case $opt in
        d) DOMAIN=$OPTARG ;;
        s) SERVICES=$OPTARG ;;
        f) FORCE=1 ;;
        n) DRY=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done
[[ -n $DOMAIN ]] || die "-d domain is required"

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || die "need root or sudo"
    SUDO=sudo
    $SUDO -v || die "sudo authentication failed"
fi

days_left() {
    local crt=$1 end
    end=$($SUDO openssl x509 -in "$crt" -noout -enddate 2>/dev/null | cut -d= -f2) || return 1
    echo $(( ($(date -d "$end" +%s) - $(date +%s)) / 86400 ))
}

renew() {
    local args=(renew --cert-name "$DOMAIN" --quiet --no-random-sleep-on-renew)
    [[ $FORCE -eq 1 ]] && args+=(--force-renewal)
    [[ $DRY -eq 1 ]] && args+=(--dry-run)
    log "running certbot ${args[*]}"
    $SUDO certbot "${args[@]}"
}

install_files() {
    local src="$LE_LIVE/$DOMAIN"
    $SUDO test -f "$src/fullchain.pem" || die "$src/fullchain.pem missing"

    # keep the previous pair for quick rollback
    local stamp; stamp=$(date +%Y%m%d%H%M)
    for f in "$SSL_CERTS/$DOMAIN.crt" "$SSL_PRIVATE/$DOMAIN.key"; do
        if $SUDO test -f "$f"; then
            $SUDO cp -p "$f" "$f.$stamp.bak"
        fi
    done

    $SUDO install -o root -g root     -m 0644 "$src/fullchain.pem" "$SSL_CERTS/$DOMAIN.crt"
    $SUDO install -o root -g ssl-cert -m 0640 "$src/privkey.pem"   "$SSL_PRIVATE/$DOMAIN.key"
    log "installed $SSL_CERTS/$DOMAIN.crt and $SSL_PRIVATE/$DOMAIN.key"

    # drop backups older than 60 days
    $SUDO find "$SSL_CERTS" "$SSL_PRIVATE" -name "$DOMAIN.*.bak" -mtime +60 -delete
}

check_pair() {
    local crt_mod key_mod
    crt_mod=$($SUDO openssl x509 -noout -modulus -in "$SSL_CERTS/$DOMAIN.crt" | sha256sum)
    key_mod=$($SUDO openssl rsa  -noout -modulus -in "$SSL_PRIVATE/$DOMAIN.key" 2>/dev/null | sha256sum)
    [[ $crt_mod == "$key_mod" ]] || die "certificate and key do not match!"
}

reload_services() {
    local svc
    IFS=, read -ra svcs <<<"$SERVICES"
    for svc in "${svcs[@]}"; do
        case $svc in
            nginx)   $SUDO nginx -t -q || die "nginx config test failed" ;;
            postfix) $SUDO postfix check || die "postfix check failed" ;;
        esac
        if $SUDO systemctl is-active --quiet "$svc"; then
            $SUDO systemctl reload "$svc"
            log "reloaded $svc"
        else
            log "$svc not active, skipping reload"
        fi
    done
}

main() {
    local before after
    before=$(days_left "$LE_LIVE/$DOMAIN/cert.pem" || echo "?")
    log "[$DOMAIN] days left before renewal: $before"
    renew || die "certbot failed"
    if [[ $DRY -eq 1 ]]; then
        log "dry run finished; nothing installed"
        return 0
    fi
    after=$(days_left "$LE_LIVE/$DOMAIN/cert.pem" || echo "?")
    if [[ $before == "$after" && $FORCE -eq 0 ]]; then
        log "certificate not renewed (not due yet); nothing to deploy"
        return 0
    fi
    install_files
    check_pair
    reload_services
    log "[$DOMAIN] deployed; now valid for $after days"
}

main
