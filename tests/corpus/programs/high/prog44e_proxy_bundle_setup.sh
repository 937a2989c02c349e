#!/usr/bin/env bash
# acme-proxy 1.8.2 (linux-amd64) -- self-extracting installer.
# Unpacks the statically linked binary appended to this file, installs it
# system-wide and grants it the capability to bind ports below 1024 so it
# does not need to run as root.
set -euo pipefail

VERSION=1.8.2
PREFIX=${PREFIX:-/usr/local}
BIN_NAME=acme-proxy
SHA256_EXPECTED=${SHA256_EXPECTED:-}
MARK='#--- BINARY PAYLOAD ---#'

info() { echo "[acme-proxy-setup] $*"; }
fail() { echo "[acme-proxy-setup] ERROR: $*" >&2; exit 1; }

case $(uname -m) in
    x86_64|amd64) ;;
    *) fail "this bundle is for linux-amd64, not $(uname -m)" ;;
esac

SUDO=
if (( EUID != 0 )); then
    command -v sudo >/dev/null || fail "must be run as root or with sudo available"
    SUDO=sudo
fi

workdir=$(mktemp -d "${TMPDIR:-/tmp}/acme-proxy.XXXXXX")
cleanup() { rm -rf -- "$workdir"; }
trap cleanup EXIT INT TERM

offset=$(grep -an -- "^$MARK\$" "$0" | tail -n1 | cut -d: -f1)
[[ -n $offset ]] || fail "payload marker missing"

info "unpacking payload"
tail -n +$((offset + 1)) -- "$0" | base64 --decode | gzip -dc > "$workdir/$BIN_NAME"
[[ -s $workdir/$BIN_NAME ]] || fail "empty payload"

if [[ -n $SHA256_EXPECTED ]]; then
    got=$(sha256sum "$workdir/$BIN_NAME" | awk '{print $1}')
    [[ $got == "$SHA256_EXPECTED" ]] || fail "checksum mismatch: $got"
fi

magic=$(head -c4 "$workdir/$BIN_NAME" | od -An -tx1 | tr -d ' \n')
[[ $magic == 7f454c46 ]] || fail "payload is not an ELF binary"

info "installing to $PREFIX/bin (requires root)"
$SUDO install -d -m 0755 "$PREFIX/bin" "$PREFIX/share/doc/$BIN_NAME"
$SUDO install -o root -g root -m 0755 "$workdir/$BIN_NAME" "$PREFIX/bin/$BIN_NAME"
printf 'acme-proxy %s installed %s\n' "$VERSION" "$(date -u +%FT%TZ)" \
    | $SUDO tee "$PREFIX/share/doc/$BIN_NAME/INSTALLED" >/dev/null

if command -v setcap >/dev/null; then
    info "granting cap_net_bind_service"
    $SUDO setcap 'cap_net_bind_service=+ep' "$PREFIX/bin/$BIN_NAME"
    getcap "$PREFIX/bin/$BIN_NAME" || true
else
    info "setcap not found; acme-proxy will need a port >= 1024"
fi

info "done. Start it with: $BIN_NAME --listen :443 --config ./proxy.toml"
exit 0
#--- BINARY PAYLOAD ---#
H4sIAAAAAAAAA+3BMQEAAADCoPVPbQwfoAAAAAAAAAAAAAAAAAAAAIC3AYbSVKsAeAAA
