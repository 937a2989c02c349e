#!/usr/bin/env bash
# Install the corporate root + issuing CA into the system trust store so that
# curl, apt and python-requests on developer laptops accept internal services.
set -euo pipefail

PKI_BASE="${PKI_BASE:-https://pki.corp.example/certs}"
CA_NAMES=("corp-root-g2" "corp-issuing-2024")
EXPECTED_ROOT_FP="${EXPECTED_ROOT_FP:-}"
WORKDIR="$(pwd)/.ca-download"
DRY_RUN=0

say() { echo "==> $*"; }
warn() { echo "warning: $*" >&2; }

case "${1:-}" in
    --dry-run) DRY_RUN=1 ;;
    -h|--help) echo "usage: $0 [--dry-run]"; exit 0 ;;
    "") ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
esac

detect_store() {
    if [ -d /usr/local/share/ca-certificates ]; then
        TRUST_DIR=/usr/local/share/ca-certificates/corp
        UPDATE_CMD=(update-ca-certificates)
        EXT=crt
    elif [ -d /etc/pki/ca-trust/source/anchors ]; then
        TRUST_DIR=/etc/pki/ca-trust/source/anchors
        UPDATE_CMD=(update-ca-trust extract)
        EXT=pem
    else
        echo "unsupported distribution: no known trust anchor directory" >&2
        exit 1
    fi
}

fetch() {
    local name="$1"
    curl -fsS --max-time 15 -o "$WORKDIR/$name.pem" "$PKI_BASE/$name.pem"
    openssl x509 -in "$WORKDIR/$name.pem" -noout >/dev/null || {
        warn "$name.pem is not a certificate"
        return 1
    }
}

fingerprint() {
    openssl x509 -in "$1" -noout -fingerprint -sha256 | cut -d= -f2
}

mkdir -p "$WORKDIR"
detect_store
say "trust store: $TRUST_DIR"

for name in "${CA_NAMES[@]}"; do
    say "downloading $name"
    fetch "$name"
done

if [ -n "$EXPECTED_ROOT_FP" ]; then
    got=$(fingerprint "$WORKDIR/${CA_NAMES[0]}.pem")
    if [ "$got" != "$EXPECTED_ROOT_FP" ]; then
        echo "root fingerprint mismatch: $got" >&2
        exit 3
    fi
    say "root fingerprint verified"
fi

if [ "$DRY_RUN" -eq 1 ]; then
    say "dry run; would install into $TRUST_DIR"
    exit 0
fi

sudo install -d -m 0755 "$TRUST_DIR"
for name in "${CA_NAMES[@]}"; do
    sudo install -m 0644 -o root -g root "$WORKDIR/$name.pem" "$TRUST_DIR/$name.$EXT"
    say "installed $TRUST_DIR/$name.$EXT"
done

sudo "${UPDATE_CMD[@]}"
rm -rf "$WORKDIR"
say "done; restart long-running programs to pick up the new roots"
