#!/usr/bin/env bash
# Prepare a developer workstation so `git push` to the corporate GitLab goes
# through the egress proxy: installs the proxy's root CA system-wide and sets
# system-level git defaults for every user on the machine.
set -euo pipefail

PROXY_URL="${PROXY_URL:-http://egress.corp.example.net:3128}"
GITLAB_URL="${GITLAB_URL:-https://gitlab.corp.example.net}"
CA_SOURCE="${1:-./certs/corp-egress-root.crt}"
CA_NAME="corp-egress-root.crt"

msg() { printf '\033[1m%s\033[0m\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

detect_trust_store() {
    if [[ -d /usr/local/share/ca-certificates ]]; then
        TRUST_DIR=/usr/local/share/ca-certificates
        TRUST_CMD=(update-ca-certificates)
    elif [[ -d /etc/pki/ca-trust/source/anchors ]]; then
        TRUST_DIR=/etc/pki/ca-trust/source/anchors
        TRUST_CMD=(update-ca-trust extract)
    else
        fail "unknown distribution trust store layout"
    fi
}

verify_ca_file() {
    [[ -f "$CA_SOURCE" ]] || fail "CA certificate ${CA_SOURCE} not found"
    local subject
    subject="$(openssl x509 -in "$CA_SOURCE" -noout -subject 2>/dev/null)" \
        || fail "${CA_SOURCE} is not a PEM certificate"
    msg "CA: ${subject}"
    openssl x509 -in "$CA_SOURCE" -noout -checkend 2592000 \
        || fail "CA certificate expires within 30 days"
}

install_ca() {
    msg "installing CA into ${TRUST_DIR}"
    sudo install -o root -g root -m 0644 "$CA_SOURCE" "${TRUST_DIR}/${CA_NAME}"
    sudo "${TRUST_CMD[@]}"
}

configure_git_system() {
    local -A opts=(
        ["http.${GITLAB_URL}/.proxy"]="$PROXY_URL"
        ["http.${GITLAB_URL}/.sslCAInfo"]="${TRUST_DIR}/${CA_NAME}"
        ["push.default"]="simple"
        ["push.autoSetupRemote"]="true"
        ["credential.${GITLAB_URL}.helper"]="cache --timeout=28800"
    )
    for key in "${!opts[@]}"; do
        msg "git config --system ${key}"
        sudo git config --system "$key" "${opts[$key]}"
    done
    sudo chmod 0644 /etc/gitconfig
}

smoke_test() {
    msg "checking connectivity through the proxy"
    if git ls-remote "${GITLAB_URL}/platform/hello-world.git" HEAD >/dev/null 2>&1; then
        msg "OK: git can reach ${GITLAB_URL}"
    else
        echo "warning: ls-remote failed; check VPN / proxy credentials" >&2
    fi
}

main() {
    command -v git >/dev/null || fail "git is not installed"
    command -v openssl >/dev/null || fail "openssl is not installed"
    detect_trust_store
    verify_ca_file
    install_ca
    configure_git_system
    smoke_test
    msg "done; current system git config:"
    git config --system --list | sed 's/^/    /'
}

main "$@"
