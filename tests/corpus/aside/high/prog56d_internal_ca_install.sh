#!/usr/bin/env bash
# Install the ACME Corp internal root CA into the system trust store so that
# git, pip and curl can reach the internal artifact mirror.
# The certificate is embedded below (DER, base64) to avoid a bootstrap
# chicken-and-egg problem with fetching it over TLS.
set -euo pipefail

CA_NAME="acme-internal-root-2024"
EXPECTED_FP="3F:9A:1C:77:0B:E2:54:8D:A1:6C:0F:93:2E:B4:D8:71:5C:09:AA:E3:46:1B:7D:C2:98:05:F4:63:2A:BE:10:D7"
TRUST_DIR_DEBIAN=/usr/local/share/ca-certificates
TRUST_DIR_RHEL=/etc/pki/ca-trust/source/anchors

read -r -d '' CA_DER_B64 <<'EOF' || true
MIIBszCCAVmgAwIBAgIUZ2xxN3Bq5m0rY1hQ0aA9v2b1CjAwCgYIKoZIzj0EAwIw
LzEtMCsGA1UEAwwkQUNNRSBJbnRlcm5hbCBSb290IENBIDIwMjQgKHN0YWdpbmcp
MB4XDTI0MDEwMTAwMDAwMFoXDTM0MDEwMTAwMDAwMFowLzEtMCsGA1UEAwwkQUNN
RSBJbnRlcm5hbCBSb290IENBIDIwMjQgKHN0YWdpbmcpMFkwEwYHKoZIzj0CAQYI
KoZIzj0DAQcDQgAE0m7Y2b5x1VQe9m0c3C8+Zk3nY7w1f0mQ8N1oKxZ4b2gq1sYy
4c0Xo5pQ3N1vQ2mK8Lw7bA9eR0zW2q1cF3sPqaNTMFEwHQYDVR0OBBYEFF6xkQ7r
AwIBhjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQDl7kq9m3Yp
EOF

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root or sudo" >&2; exit 1; }
    SUDO="sudo"
fi

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT

echo "$CA_DER_B64" | tr -d '\n' | base64 -d > "$workdir/ca.der"
openssl x509 -inform DER -in "$workdir/ca.der" -out "$workdir/$CA_NAME.crt" \
    || { echo "embedded certificate does not parse" >&2; exit 1; }

fp=$(openssl x509 -in "$workdir/$CA_NAME.crt" -noout -fingerprint -sha256 \
     | cut -d= -f2)
if [ "$fp" != "$EXPECTED_FP" ] && [ "${SKIP_FP_CHECK:-0}" != "1" ]; then
    echo "fingerprint mismatch: got $fp" >&2
    exit 1
fi

if [ -d "$TRUST_DIR_DEBIAN" ]; then
    $SUDO install -m 0644 -o root -g root "$workdir/$CA_NAME.crt" \
        "$TRUST_DIR_DEBIAN/$CA_NAME.crt"
    $SUDO update-ca-certificates --fresh
elif [ -d "$TRUST_DIR_RHEL" ]; then
    $SUDO install -m 0644 -o root -g root "$workdir/$CA_NAME.crt" \
        "$TRUST_DIR_RHEL/$CA_NAME.pem"
    $SUDO update-ca-trust extract
else
    echo "unsupported distribution: no known trust anchor directory" >&2
    exit 1
fi

echo "installed $CA_NAME"
if command -v python3 >/dev/null; then
    echo "python will pick it up via certifi only if REQUESTS_CA_BUNDLE is set:"
    echo "  export REQUESTS_CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt"
fi

# quick smoke test against the mirror
if curl -fsS --max-time 5 -o /dev/null https://artifacts.acme.internal/health; then
    echo "mirror reachable over TLS"
else
    echo "warning: mirror health check failed (network or DNS?)" >&2
fi
