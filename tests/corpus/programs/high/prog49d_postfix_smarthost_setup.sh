#!/usr/bin/env bash
# Configure the local Postfix to relay outgoing mail (cron reports, alerts)
# through the company smarthost with SASL authentication on port 587.
set -euo pipefail

RELAY_HOST="${RELAY_HOST:-smtp.corp.example.com}"
RELAY_PORT="${RELAY_PORT:-587}"
RELAY_USER="${RELAY_USER:-alerts@corp.example.com}"
POSTFIX_DIR="/etc/postfix"
BACKUP_SUFFIX=".bak.$(date +%s)"

info() { echo "==> $*"; }
die()  { echo "error: $*" >&2; exit 1; }

SUDO=""
if [[ $EUID -ne 0 ]]; then
    command -v sudo >/dev/null || die "run as root or install sudo"
    SUDO="sudo"
fi

install_packages() {
    if ! command -v postconf >/dev/null; then
        info "installing postfix and SASL modules"
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
            postfix libsasl2-modules ca-certificates
    fi
}

backup_config() {
    for f in main.cf sasl_passwd; do
        if [[ -f "${POSTFIX_DIR}/${f}" ]]; then
            $SUDO cp -p "${POSTFIX_DIR}/${f}" "${POSTFIX_DIR}/${f}${BACKUP_SUFFIX}"
        fi
    done
}

write_credentials() {
    local password
    read -r -s -p "SMTP password for ${RELAY_USER}: " password
    echo
    [[ -n "$password" ]] || die "empty password"
    printf '[%s]:%s %s:%s\n' "$RELAY_HOST" "$RELAY_PORT" "$RELAY_USER" "$password" \
        | $SUDO tee "${POSTFIX_DIR}/sasl_passwd" >/dev/null
    $SUDO chown root:root "${POSTFIX_DIR}/sasl_passwd"
    $SUDO chmod 0600 "${POSTFIX_DIR}/sasl_passwd"
    $SUDO postmap "hash:${POSTFIX_DIR}/sasl_passwd"
}

apply_settings() {
    local -a settings=(
        "relayhost = [${RELAY_HOST}]:${RELAY_PORT}"
        "smtp_sasl_auth_enable = yes"
        "smtp_sasl_password_maps = hash:${POSTFIX_DIR}/sasl_passwd"
        "smtp_sasl_security_options = noanonymous"
        "smtp_tls_security_level = encrypt"
        "smtp_tls_CAfile = /etc/ssl/certs/ca-certificates.crt"
        "inet_interfaces = loopback-only"
        "mydestination = localhost"
    )
    for s in "${settings[@]}"; do
        info "postconf -e '${s}'"
        $SUDO postconf -e "$s"
    done
}

restart_and_test() {
    $SUDO postfix check || die "postfix check failed, backups have suffix ${BACKUP_SUFFIX}"
    $SUDO systemctl enable postfix
    $SUDO systemctl restart postfix
    if [[ -n "${TEST_RCPT:-}" ]]; then
        info "sending test message to ${TEST_RCPT}"
        printf 'Subject: relay test from %s\n\nPostfix relay configured %s\n' \
            "$(hostname -f)" "$(date -R)" | /usr/sbin/sendmail "$TEST_RCPT"
    fi
    $SUDO systemctl --no-pager --lines=5 status postfix || true
}

install_packages
backup_config
write_credentials
apply_settings
restart_and_test
info "smarthost relay via ${RELAY_HOST}:${RELAY_PORT} configured"
