#!/usr/bin/env bash
# proxy_ca_trust.sh - make the cloud CLIs trust the corporate TLS-inspecting proxy.
#
# Copies the proxy root CA into the system trust store, rebuilds the bundle,
# and points aws / gcloud / az at it. Run once per workstation.
#
#   proxy_ca_trust.sh /path/to/corp-proxy-root.pem

set -eu

CA_SRC="${1:-./certs/corp-proxy-root.pem}"
CA_NAME="corp-proxy-root.crt"

log() { echo "==> $*"; }
die() { echo "error: $*" >&2; exit 1; }

[ -r "$CA_SRC" ] || die "cannot read $CA_SRC"

# sanity check: must be a CA certificate
if ! openssl x509 -in "$CA_SRC" -noout -text 2>/dev/null | grep -q "CA:TRUE"; then
    die "$CA_SRC does not look like a CA certificate"
fi
fingerprint=$(openssl x509 -in "$CA_SRC" -noout -fingerprint -sha256 | cut -d= -f2)
log "installing CA with SHA256 fingerprint $fingerprint"

detect_family() {
    if [ -d /usr/local/share/ca-certificates ] && command -v update-ca-certificates >/dev/null; then
        echo debian
    elif [ -d /etc/pki/ca-trust/source/anchors ] && command -v update-ca-trust >/dev/null; then
        echo rhel
    else
        echo unknown
    fi
}

family=$(detect_family)
case "$family" in
    debian)
        dest="/usr/local/share/ca-certificates/$CA_NAME"
        sudo install -m 0644 -o root -g root "$CA_SRC" "$dest"
        sudo update-ca-certificates
        bundle="/etc/ssl/certs/ca-certificates.crt"
        ;;
    rhel)
        dest="/etc/pki/ca-trust/source/anchors/$CA_NAME"
        sudo install -m 0644 -o root -g root "$CA_SRC" "$dest"
        sudo update-ca-trust extract
        bundle="/etc/pki/tls/certs/ca-bundle.crt"
        ;;
    *)
        die "unsupported distribution; install $CA_SRC manually"
        ;;
esac
log "system bundle rebuilt: $bundle"

# Point the cloud CLIs at the rebuilt bundle (user-level config only).
if command -v aws >/dev/null; then
    aws configure set default.ca_bundle "$bundle"
    log "aws: ca_bundle set"
fi
if command -v gcloud >/dev/null; then
    gcloud config set core/custom_ca_certs_file "$bundle" >/dev/null 2>&1 \
        && log "gcloud: custom_ca_certs_file set"
fi
if command -v az >/dev/null; then
    log "az: export REQUESTS_CA_BUNDLE=$bundle in your shell to use it"
fi

# quick verification through the proxy
if curl -sS --max-time 10 --cacert "$bundle" -o /dev/null https://sts.amazonaws.com/; then
    log "TLS through proxy verified"
else
    log "verification request failed; check proxy settings"
fi
