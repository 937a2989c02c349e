#!/usr/bin/env bash
# Install a HashiCorp Vault binary that was already downloaded and verified
# into the system, grant it mlock, and lay down its server config.
#
# usage: sudo-less operator runs:  ./vault-server-setup.sh ./vault_1.15.4_linux_amd64.zip
set -euo pipefail

ARCHIVE="${1:?path to the verified vault zip}"
PREFIX="/usr/local/bin"
CONF_DIR="/etc/vault.d"
DATA_DIR="/opt/vault/data"
VAULT_USER="vault"
LISTEN_ADDR="${VAULT_LISTEN_ADDR:-127.0.0.1:8200}"
WORK="./.vault-setup"

info() { echo "[setup] $*"; }
die()  { echo "[setup] error: $*" >&2; exit 1; }

[ -f "$ARCHIVE" ] || die "archive $ARCHIVE not found"
[ -f "$ARCHIVE.sha256" ] || die "missing $ARCHIVE.sha256 next to the archive"

info "verifying checksum"
expected=$(cut -d' ' -f1 "$ARCHIVE.sha256")
actual=$(sha256sum "$ARCHIVE" | cut -d' ' -f1)
[ "$expected" = "$actual" ] || die "checksum mismatch"

rm -rf "$WORK"; mkdir -p "$WORK"
unzip -q -o "$ARCHIVE" -d "$WORK"
[ -x "$WORK/vault" ] || die "archive did not contain a vault binary"

if ! id "$VAULT_USER" >/dev/null 2>&1; then
  info "creating system user $VAULT_USER"
  sudo useradd --system --home-dir "$CONF_DIR" --shell /bin/false "$VAULT_USER"
fi

info "installing binary into $PREFIX"
sudo install -o root -g root -m 0755 "$WORK/vault" "$PREFIX/vault"
sudo setcap cap_ipc_lock=+ep "$PREFIX/vault"
getcap "$PREFIX/vault"

info "preparing $CONF_DIR and $DATA_DIR"
sudo install -d -o "$VAULT_USER" -g "$VAULT_USER" -m 0750 "$CONF_DIR" "$DATA_DIR"

render_config() {
  cat <<HCL
ui            = true
disable_mlock = false
api_addr      = "http://${LISTEN_ADDR}"

storage "raft" {
  path    = "${DATA_DIR}"
  node_id = "$(hostname -s)"
}

listener "tcp" {
  address     = "${LISTEN_ADDR}"
  tls_disable = 1
}
HCL
}

if sudo test -f "$CONF_DIR/vault.hcl"; then
  sudo cp -p "$CONF_DIR/vault.hcl" "$CONF_DIR/vault.hcl.bak.$(date +%s)"
  info "backed up existing vault.hcl"
fi
render_config | sudo tee "$CONF_DIR/vault.hcl" >/dev/null
sudo chown "$VAULT_USER:$VAULT_USER" "$CONF_DIR/vault.hcl"
sudo chmod 0640 "$CONF_DIR/vault.hcl"

if systemctl list-unit-files vault.service >/dev/null 2>&1; then
  info "restarting the packaged vault unit"
  sudo systemctl restart vault.service
  sleep 2
  systemctl --no-pager --lines=5 status vault.service || true
else
  info "no vault.service found; start with: vault server -config=$CONF_DIR/vault.hcl"
fi

rm -rf "$WORK"
"$PREFIX/vault" version
info "done"
