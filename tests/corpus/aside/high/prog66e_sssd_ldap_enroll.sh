#!/usr/bin/env bash
# sssd_ldap_enroll.sh - point a workstation at the corporate directory.
#
# Renders sssd.conf from the template next to this script, installs the CA
# bundle, switches the NSS/PAM profile to sssd with home directory creation
# and (re)starts the daemon. Safe to re-run; it only restarts sssd when the
# rendered config changed.
#
#   ./sssd_ldap_enroll.sh -d corp.example -u ldaps://ldap.corp.example \
#       -b dc=corp,dc=example [-a "cn=linux-users,ou=groups,dc=corp,dc=example"]

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
TEMPLATE="$HERE/sssd.conf.tmpl"
CA_BUNDLE="$HERE/corp-ca.pem"
DOMAIN=""
URI=""
BASE=""
ACCESS_GROUP=""
SUDO=sudo

die() { echo "error: $*" >&2; exit 1; }
info() { echo "==> $*"; }

while getopts "d:u:b:a:h" opt; do
    case "$opt" in
        d) DOMAIN="$OPTARG" ;;
        u) URI="$OPTARG" ;;
        b) BASE="$OPTARG" ;;
        a) ACCESS_GROUP="$OPTARG" ;;
        h|*) sed -n '2,12p' "$0"; exit 0 ;;
    esac
done

[[ -n "$DOMAIN" && -n "$URI" && -n "$BASE" ]] || die "-d, -u and -b are required"
[[ -r "$TEMPLATE" ]] || die "template $TEMPLATE not found"
[[ $EUID -eq 0 ]] && SUDO=""

render() {
    local access_filter=""
    if [[ -n "$ACCESS_GROUP" ]]; then
        access_filter="access_provider = ldap
ldap_access_filter = (memberOf=$ACCESS_GROUP)"
    else
        access_filter="access_provider = permit"
    fi
    DOMAIN="$DOMAIN" URI="$URI" BASE="$BASE" ACCESS_FILTER="$access_filter" \
        envsubst '$DOMAIN $URI $BASE $ACCESS_FILTER' < "$TEMPLATE"
}

install_packages() {
    if command -v dnf >/dev/null; then
        $SUDO dnf -y -q install sssd sssd-ldap oddjob-mkhomedir authselect
    elif command -v apt-get >/dev/null; then
        $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -y -qq install \
            sssd sssd-ldap libpam-sss libnss-sss
    else
        die "unsupported distribution"
    fi
}

install_ca() {
    if [[ -d /etc/pki/ca-trust/source/anchors ]]; then
        $SUDO install -m 0644 "$CA_BUNDLE" /etc/pki/ca-trust/source/anchors/corp-ca.pem
        $SUDO update-ca-trust
    else
        $SUDO install -m 0644 "$CA_BUNDLE" /usr/local/share/ca-certificates/corp-ca.crt
        $SUDO update-ca-certificates
    fi
}

install_config() {
    local tmp
    tmp="$(mktemp)"
    trap 'rm -f "$tmp"' RETURN
    render > "$tmp"
    if $SUDO cmp -s "$tmp" /etc/sssd/sssd.conf 2>/dev/null; then
        info "sssd.conf unchanged"
        return 1
    fi
    $SUDO install -d -m 0711 /etc/sssd
    $SUDO install -m 0600 -o root -g root "$tmp" /etc/sssd/sssd.conf
    info "installed /etc/sssd/sssd.conf"
    return 0
}

enable_profile() {
    if command -v authselect >/dev/null; then
        $SUDO authselect select sssd with-mkhomedir --force
        $SUDO systemctl enable --now oddjobd.service
    else
        $SUDO pam-auth-update --enable mkhomedir --package
    fi
}

main() {
    info "installing packages"
    install_packages
    info "installing CA bundle"
    install_ca
    if install_config; then
        enable_profile
        $SUDO systemctl enable sssd.service
        $SUDO systemctl restart sssd.service
        $SUDO sss_cache -E || true
    fi
    info "checking lookup"
    if getent passwd "$(whoami)@$DOMAIN" >/dev/null 2>&1 || id "$(whoami)" >/dev/null; then
        info "directory lookups work"
    else
        echo "warning: lookup failed, see journalctl -u sssd" >&2
    fi
}

main
